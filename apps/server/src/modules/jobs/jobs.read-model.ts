/**
 * What the jobs module publishes for other modules to read (select and join, never write):
 * Jobs, for the users who hold them.
 */
export { jobs } from './jobs.schema.ts';
