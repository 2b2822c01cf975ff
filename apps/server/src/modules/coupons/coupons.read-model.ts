/**
 * What the coupons module publishes for other modules to read (select and join, never write):
 * Issued coupons, for a member's unused count.
 */
export { coupons } from './coupons.schema.ts';
