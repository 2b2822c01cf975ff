/**
 * What the sales module publishes for other modules to read (select and join, never write):
 * The sales roll-ups, for dashboards, agents' and machines' figures and the no-sales check.
 */
export { salesDaily, salesHourly } from './sales.schema.ts';
