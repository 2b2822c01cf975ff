import type { Menu } from '@water/contract/menus';
import { boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.ts';

export const menus = pgTable(
  'sys_menu',
  {
    id: id(),
    pid: integer('pid'),
    subCount: integer('sub_count').notNull().default(0),
    /** 0 directory, 1 menu, 2 button. */
    type: integer('type').$type<Menu['type']>().notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    componentName: varchar('component_name', { length: 255 }),
    component: varchar('component', { length: 255 }),
    menuSort: integer('menu_sort').notNull().default(999),
    icon: varchar('icon', { length: 255 }),
    path: varchar('path', { length: 255 }),
    iFrame: boolean('i_frame').notNull().default(false),
    cache: boolean('cache').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    permission: varchar('permission', { length: 255 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_menu_title_uq').on(t.title),
    uniqueIndex('sys_menu_component_name_uq').on(t.componentName),
    index('sys_menu_pid_idx').on(t.pid),
  ],
);
