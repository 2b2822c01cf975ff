/**
 * What the filters module publishes for other modules to read (select and join, never write):
 * the filters fitted on machines, for the consumer's page (when the filters were last changed).
 */
export { filterInstalls } from './filters.schema.ts';
