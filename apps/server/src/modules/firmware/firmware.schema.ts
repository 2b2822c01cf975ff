import type { RolloutState, UpdateState } from '@water/contract/firmware';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from '../../db/columns.ts';
import type { TextRef } from '../../lib/texts.ts';
import { machineModels, machines } from '../machines/machines.schema.ts';

/** A firmware package: one version of one model's firmware, its file in the firmware file store. */
export const firmwarePackages = pgTable(
  'biz_firmware_package',
  {
    id: id(),
    modelId: integer('model_id')
      .notNull()
      .references(() => machineModels.id, { onDelete: 'restrict' }),
    version: varchar('version', { length: 64 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The name it was uploaded under. */
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** The name the file store keeps it under. */
    realName: varchar('real_name', { length: 64 }).notNull(),
    notes: varchar('notes', { length: 1000 }),
    createBy: varchar('create_by', { length: 255 }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('biz_firmware_package_version_uq').on(t.modelId, sql`lower(${t.version})`)],
);

/**
 * A rollout of a package to machines in stages: `stageEnds` the number of machines reached by the
 * end of each stage; `currentStage` the one going out (1 for the first).
 */
export const firmwareRollouts = pgTable(
  'biz_firmware_rollout',
  {
    id: id(),
    packageId: integer('package_id')
      .notNull()
      .references(() => firmwarePackages.id, { onDelete: 'restrict' }),
    state: varchar('state', { length: 16 }).$type<RolloutState>().notNull().default('RUNNING'),
    stageEnds: jsonb('stage_ends').$type<number[]>().notNull(),
    currentStage: integer('current_stage').notNull().default(1),
    /** Why the server halted it (the stop rule's figures), written in each reader's language. */
    haltReason: jsonb('halt_reason').$type<TextRef>(),
    rollbackOf: integer('rollback_of'),
    createBy: varchar('create_by', { length: 255 }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    finishTime: ts('finish_time'),
  },
  (t) => [index('biz_firmware_rollout_package_idx').on(t.packageId)],
);

/** One machine's update within a rollout; a machine has at most one active update at a time. */
export const firmwareUpdates = pgTable(
  'biz_firmware_update',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** What the machine knows the update by. */
    updateId: uuid('update_id').notNull().unique(),
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => firmwareRollouts.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    /** Its place in the rollout's order, from 0: the stages take the machines by it. */
    position: integer('position').notNull(),
    stage: integer('stage').notNull(),
    state: varchar('state', { length: 16 }).$type<UpdateState>().notNull().default('PENDING'),
    fromVersion: varchar('from_version', { length: 64 }),
    /** The FIRMWARE_UPDATE command that carries it, once sent. */
    commandId: uuid('command_id'),
    percent: integer('percent'),
    error: varchar('error', { length: 255 }),
    sentTime: ts('sent_time'),
    finishedTime: ts('finished_time'),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    index('biz_firmware_update_rollout_idx').on(t.rolloutId, t.stage, t.state),
    index('biz_firmware_update_machine_idx').on(t.machineId, t.id),
    uniqueIndex('biz_firmware_update_active_uq')
      .on(t.machineId)
      .where(sql`${t.state} IN ('PENDING', 'SENT', 'DOWNLOADING', 'INSTALLING')`),
    index('biz_firmware_update_open_idx')
      .on(t.state, t.sentTime)
      .where(sql`${t.state} IN ('SENT', 'DOWNLOADING', 'INSTALLING')`),
  ],
);
