/**
 * What the agents module publishes for other modules to read (select and join, never write):
 * Agents, for their names, holders and paths in other modules' lists.
 */
export { agents } from './agents.schema.ts';
