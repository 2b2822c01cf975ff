/**
 * What the menus module publishes for other modules to read (select and join, never write):
 * Menus, for the roles that grant them.
 */
export { menus } from './menus.schema.ts';
