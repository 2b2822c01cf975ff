/**
 * What the roles module publishes for other modules to read (select and join, never write):
 * Roles and the menus they grant, for users and menus.
 */
export { roles, rolesDepts, rolesMenus } from './roles.schema.ts';
