/**
 * What the work orders module publishes for other modules to read (select and join, never write):
 * work orders, for the consumer's page (the last filter change done on a machine).
 */
export { workOrders } from './workorders.schema.ts';
