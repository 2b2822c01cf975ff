import { index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.ts';
import { depts } from '../depts/depts.schema.ts';
import { menus } from '../menus/menus.schema.ts';

export const roles = pgTable(
  'sys_role',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    level: integer('level').notNull().default(3),
    description: varchar('description', { length: 255 }),
    /** '全部' all, '本级' own department, '自定义' custom departments (wire values of API.md). */
    dataScope: varchar('data_scope', { length: 16 }).notNull().default('本级'),
    ...audit,
  },
  (t) => [uniqueIndex('sys_role_name_uq').on(t.name)],
);

export const rolesMenus = pgTable(
  'sys_roles_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('sys_roles_menus_menu_idx').on(t.menuId)],
);

export const rolesDepts = pgTable(
  'sys_roles_depts',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    deptId: integer('dept_id')
      .notNull()
      .references(() => depts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] })],
);
