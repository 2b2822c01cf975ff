import type { FilterDueBy, FilterStageCode, FilterState } from '@water/contract/filters';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { machineModels } from '../machines/machines.read-model.ts';

/** A machine model's filter stages, in the order the water passes them. */
export const filterStages = pgTable(
  'biz_filter_stage',
  {
    modelId: integer('model_id')
      .notNull()
      .references(() => machineModels.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 16 }).$type<FilterStageCode>().notNull(),
    position: smallint('position').notNull(),
    lifeDays: integer('life_days').notNull(),
    lifeLitres: integer('life_litres').notNull(),
    /** TDS out (ppm) above which the stage is due whatever its life; null: none. */
    tdsOutMax: integer('tds_out_max'),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.code] })],
);

/** Every filter fitted on a machine's stage; the latest of a stage is the one in the machine. */
export const filterInstalls = pgTable(
  'biz_filter_install',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    machineId: integer('machine_id').notNull(),
    stage: varchar('stage', { length: 16 }).$type<FilterStageCode>().notNull(),
    installedTime: ts('installed_time').notNull(),
    /** The machine's dispensed millilitres (all its life) when the filter was fitted. */
    dispensedMlAtInstall: bigint('dispensed_ml_at_install', { mode: 'number' }).notNull(),
    serialNo: varchar('serial_no', { length: 64 }),
    batchNo: varchar('batch_no', { length: 64 }),
    /** The filter-change order that fitted it. */
    workOrderId: bigint('work_order_id', { mode: 'number' }),
    createBy: varchar('create_by', { length: 255 }).notNull(),
  },
  (t) => [index('biz_filter_install_machine_idx').on(t.machineId, t.stage, t.installedTime)],
);

/** Each machine's stages as the last scheduled run found them: what the schedule page reads. */
export const filterSchedule = pgTable(
  'biz_filter_schedule',
  {
    machineId: integer('machine_id').notNull(),
    stage: varchar('stage', { length: 16 }).$type<FilterStageCode>().notNull(),
    position: smallint('position').notNull(),
    installedTime: ts('installed_time').notNull(),
    filterSerialNo: varchar('filter_serial_no', { length: 64 }),
    filterBatchNo: varchar('filter_batch_no', { length: 64 }),
    lifeDays: integer('life_days').notNull(),
    lifeLitres: integer('life_litres').notNull(),
    daysLeft: integer('days_left').notNull(),
    litresLeft: integer('litres_left').notNull(),
    remainingPct: smallint('remaining_pct').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    dueBy: varchar('due_by', { length: 8 }).$type<FilterDueBy>().notNull(),
    state: varchar('state', { length: 8 }).$type<FilterState>().notNull(),
    /** The filter's due cycle was told (FILTER_DUE): once per fitted filter. */
    notifiedTime: ts('notified_time'),
    computedTime: ts('computed_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.machineId, t.stage] }),
    index('biz_filter_schedule_due_idx').on(t.dueDate),
    index('biz_filter_schedule_state_idx').on(t.state),
  ],
);
