/**
 * What the dicts module publishes for other modules to read (select and join, never write):
 * Dictionaries, for the labels of coded values.
 */
export { dictDetails, dicts } from './dicts.schema.ts';
