/**
 * What the users module publishes for other modules to read (select and join, never write):
 * Users and what they hold, for the checks of roles, jobs and departments in use.
 */
export { users, usersJobs, usersRoles } from './users.schema.ts';
