/**
 * What the alarms module publishes for other modules to read (select and join, never write):
 * Alarms, for the home page's counts.
 */
export { alarms } from './alarms.schema.ts';
