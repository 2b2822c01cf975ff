/**
 * What the commands module publishes for other modules to read (select and join, never write):
 * machines' settings, for the machines list's drift filter and column.
 */
export { machineSettings } from './commands.schema.ts';
