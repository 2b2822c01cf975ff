/**
 * What the depts module publishes for other modules to read (select and join, never write):
 * Departments, for the names of agents (an agent is a department) and data scopes.
 */
export { depts } from './depts.schema.ts';
