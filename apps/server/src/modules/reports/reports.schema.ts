import type { ReportFormat, ReportGrouping, ReportPeriod, ReportQuery } from '@water/contract/reports';
import { boolean, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/** A report file a user asked for: made by a background task, downloaded by that user. */
export const reportFiles = pgTable(
  'rpt_file',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    format: varchar('format', { length: 4 }).$type<ReportFormat>().notNull(),
    /** The report's query, as the user asked for it. */
    query: jsonb('query').$type<ReportQuery>().notNull(),
    status: varchar('status', { length: 8 }).$type<'PENDING' | 'DONE' | 'FAILED'>().notNull().default('PENDING'),
    fileName: varchar('file_name', { length: 255 }),
    size: integer('size'),
    createTime: ts('create_time').notNull().defaultNow(),
    doneTime: ts('done_time'),
  },
  (t) => [index('rpt_file_user_idx').on(t.userId, t.createTime)],
);

/** A report e-mailed to a list after each day or month closes, read with its author's data scope. */
export const reportSchedules = pgTable(
  'rpt_schedule',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    period: varchar('period', { length: 5 }).$type<ReportPeriod>().notNull(),
    by: varchar('by', { length: 8 }).$type<ReportGrouping>().notNull(),
    format: varchar('format', { length: 4 }).$type<ReportFormat>().notNull(),
    recipients: text('recipients').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    userId: integer('user_id').notNull(),
    createBy: varchar('create_by', { length: 255 }).notNull(),
    /** The last day (`yyyy-MM-dd`) or month (`yyyy-MM`) sent. */
    lastPeriod: varchar('last_period', { length: 10 }),
    lastSentTime: ts('last_sent_time'),
    lastError: text('last_error'),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [index('rpt_schedule_user_idx').on(t.userId)],
);
