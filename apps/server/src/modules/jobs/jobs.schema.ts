import { boolean, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.ts';

export const jobs = pgTable(
  'sys_job',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    jobSort: integer('job_sort').notNull().default(999),
    ...audit,
  },
  (t) => [uniqueIndex('sys_job_name_uq').on(t.name)],
);
