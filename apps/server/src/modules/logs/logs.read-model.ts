/**
 * What the logs module publishes for other modules to read (select and join, never write):
 * The operation log, for the home page's recent activity.
 */
export { operationLogs } from './logs.schema.ts';
