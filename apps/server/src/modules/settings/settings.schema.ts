import { jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/** Settings served by `api/global/setting`, one JSON document per (sideCode, fromType). */
export const globalSettings = pgTable(
  'global_setting',
  {
    sideCode: varchar('side_code', { length: 32 }).notNull(),
    fromType: varchar('from_type', { length: 32 }).notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updateBy: varchar('update_by', { length: 255 }),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sideCode, t.fromType] })],
);
