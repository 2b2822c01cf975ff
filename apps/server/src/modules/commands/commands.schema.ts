import type { CommandState, CommandType, ReportedSettings, SettingsValues } from '@water/contract/commands';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { machines } from '../machines/machines.schema.ts';

/** One command sent to many machines at once: its commands name it, and its progress counts them. */
export const commandBatches = pgTable('biz_command_batch', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  type: varchar('type', { length: 32 }).$type<CommandType>().notNull(),
  total: integer('total').notNull(),
  createBy: varchar('create_by', { length: 255 }).notNull(),
  createTime: ts('create_time').notNull().defaultNow(),
});

/**
 * A command to one machine, which is also its audit row: who sent what and when, and how it went
 * (`QUEUED → SENT → DELIVERED → SUCCEEDED | FAILED | TIMED_OUT | EXPIRED | CANCELLED`).
 */
export const machineCommands = pgTable(
  'biz_machine_command',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** What the machine knows it by. */
    commandId: uuid('command_id').notNull().unique(),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').references(() => commandBatches.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 32 }).$type<CommandType>().notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    state: varchar('state', { length: 16 }).$type<CommandState>().notNull().default('QUEUED'),
    createBy: varchar('create_by', { length: 255 }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    sentTime: ts('sent_time'),
    deliveredTime: ts('delivered_time'),
    finishedTime: ts('finished_time'),
    message: varchar('message', { length: 255 }),
  },
  (t) => [
    index('biz_machine_command_machine_idx').on(t.machineId, t.id),
    index('biz_machine_command_batch_idx').on(t.batchId, t.state),
    index('biz_machine_command_pending_idx').on(t.machineId).where(sql`${t.state} IN ('QUEUED', 'SENT')`),
    index('biz_machine_command_open_idx')
      .on(t.state, t.expiresAt)
      .where(sql`${t.state} IN ('QUEUED', 'SENT', 'DELIVERED')`),
  ],
);

/**
 * A machine's settings: what the console wants it to run with (a version that grows by one with
 * each change) and what it last reported applying. A machine without a row runs with the
 * defaults, version 0.
 */
export const machineSettings = pgTable('biz_machine_settings', {
  machineId: integer('machine_id')
    .primaryKey()
    .references(() => machines.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  desired: jsonb('desired').$type<SettingsValues>().notNull(),
  reportedVersion: integer('reported_version').notNull().default(0),
  reported: jsonb('reported').$type<ReportedSettings>(),
  reportedTime: ts('reported_time'),
  /** Since when the machine has not reported the desired version; null while it runs with it. */
  driftSince: ts('drift_since'),
  updateBy: varchar('update_by', { length: 255 }),
  updateTime: ts('update_time'),
});
