/**
 * What the members module publishes for other modules to read (select and join, never write):
 * Members, for the phone shown on an order.
 */
export { members } from './members.schema.ts';
