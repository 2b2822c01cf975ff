import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/**
 * The record of changes to money and configuration, appended to and never updated. Partitioned by
 * month of `at` (drizzle-kit declares no partitions: migration 0050 makes the table partitioned,
 * 0055 gives it a default partition, and the partition upkeep makes the months ahead), so the
 * time is part of the key.
 */
export const changeRecords = pgTable(
  'sys_change_record',
  {
    // Numbered by a sequence: a partitioned table takes no identity column (before PostgreSQL 17).
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('sys_change_record_id_seq')`),
    at: ts('at').notNull(),
    userId: integer('user_id'),
    username: varchar('username', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    recordType: varchar('record_type', { length: 32 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.at, t.id] }),
    index('sys_change_record_record_idx').on(t.recordType, t.recordId, t.at),
    index('sys_change_record_user_idx').on(t.username, t.at),
  ],
);
