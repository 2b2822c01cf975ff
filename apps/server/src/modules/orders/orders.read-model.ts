/** What other modules may read of the orders: the sales themselves and their refunds (reconciliation matches them). */
export { orders, refunds } from './orders.schema.ts';
