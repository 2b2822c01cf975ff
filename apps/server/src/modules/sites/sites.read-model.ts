/**
 * What the sites module publishes for other modules to read (select and join, never write):
 * Sites, for the names shown on machines, orders and alarms.
 */
export { sites } from './sites.schema.ts';
