import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.ts';

export const depts = pgTable(
  'sys_dept',
  {
    id: id(),
    pid: integer('pid'),
    subCount: integer('sub_count').notNull().default(0),
    name: varchar('name', { length: 255 }).notNull(),
    deptSort: integer('dept_sort').notNull().default(999),
    enabled: boolean('enabled').notNull().default(true),
    ...audit,
  },
  (t) => [index('sys_dept_pid_idx').on(t.pid)],
);
