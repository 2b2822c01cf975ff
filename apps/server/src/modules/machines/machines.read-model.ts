/**
 * What the machines module publishes for other modules to read (select and join, never write):
 * Machines and their models, for other modules' lists, scopes and checks.
 */
export { machineModels, machines } from './machines.schema.ts';
