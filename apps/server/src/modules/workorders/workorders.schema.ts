import type { WorkOrderCompleted, WorkOrderPriority, WorkOrderState, WorkOrderType } from '@water/contract/work-orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import type { TextRef } from '../../lib/texts.ts';

/** Field work on a machine: at most one open order of each type per machine. */
export const workOrders = pgTable(
  'biz_work_order',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    machineId: integer('machine_id').notNull(),
    /** The machine's agent when the order was made: whose staff see it. */
    agentId: integer('agent_id'),
    type: varchar('type', { length: 16 }).$type<WorkOrderType>().notNull(),
    priority: varchar('priority', { length: 8 }).$type<WorkOrderPriority>().notNull().default('NORMAL'),
    state: varchar('state', { length: 16 }).$type<WorkOrderState>().notNull(),
    /** The user it is assigned to. */
    technicianId: integer('technician_id'),
    /** The alarm it was made from. */
    alarmId: bigint('alarm_id', { mode: 'number' }),
    note: varchar('note', { length: 500 }),
    createBy: varchar('create_by', { length: 255 }).notNull(),
    createTime: ts('create_time').notNull(),
    assignedTime: ts('assigned_time'),
    doneTime: ts('done_time'),
    completion: jsonb('completion').$type<WorkOrderCompleted>(),
    /** Photos uploaded to the order (stored names in the files store). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** Done, and the machine's next readings are still to confirm or reopen it. */
    awaitingReadings: boolean('awaiting_readings').notNull().default(false),
    confirmed: boolean('confirmed').notNull().default(false),
    /** Reopened once by readings: the next readings no longer reopen it. */
    reopenedByReadings: boolean('reopened_by_readings').notNull().default(false),
    /** When the sweep found its response target passed (stage 1): each stage fires once. */
    slaResponseBreachTime: ts('sla_response_breach_time'),
    /** When the sweep found its resolution target passed (stage 2), and the alarm it raised. */
    slaResolutionBreachTime: ts('sla_resolution_breach_time'),
    slaAlarmId: bigint('sla_alarm_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('biz_work_order_open_uq').on(t.machineId, t.type).where(sql`${t.state} NOT IN ('DONE', 'CANCELLED')`),
    index('biz_work_order_technician_idx').on(t.technicianId, t.state),
    index('biz_work_order_agent_idx').on(t.agentId, t.createTime),
    index('biz_work_order_machine_done_idx').on(t.machineId, t.doneTime),
    index('biz_work_order_awaiting_idx').on(t.machineId).where(sql`${t.awaitingReadings}`),
  ],
);

/** An order's history: who moved it, when, from which state to which, and why. */
export const workOrderSteps = pgTable(
  'biz_work_order_step',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    time: ts('time').notNull(),
    actor: varchar('actor', { length: 255 }).notNull(),
    event: varchar('event', { length: 16 }).notNull(),
    fromState: varchar('from_state', { length: 16 }).$type<WorkOrderState>(),
    toState: varchar('to_state', { length: 16 }).$type<WorkOrderState>().notNull(),
    /** What the server says of the step, written in each reader's language. */
    noteText: jsonb('note_text').$type<TextRef>(),
    note: varchar('note', { length: 500 }),
  },
  (t) => [index('biz_work_order_step_order_idx').on(t.orderId, t.id)],
);

/** The alarms an order answers: the one it was made from and those of the machine raised while it was open. */
export const workOrderAlarms = pgTable(
  'biz_work_order_alarm',
  {
    alarmId: bigint('alarm_id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
  },
  (t) => [index('biz_work_order_alarm_order_idx').on(t.orderId)],
);

/** Where a technician works: an agent's machines (`agentId`), or those of some sites (one row each). */
export const technicianRegions = pgTable(
  'biz_technician_region',
  {
    userId: integer('user_id').notNull(),
    /** 0 for a region of sites. */
    agentId: integer('agent_id').notNull().default(0),
    /** 0 for an agent's region. */
    siteId: integer('site_id').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.agentId, t.siteId] }),
    index('biz_technician_region_agent_idx').on(t.agentId),
    index('biz_technician_region_site_idx').on(t.siteId),
  ],
);

/** The SLA targets staff set for a type and priority (the contract's defaults stand for the others). */
export const slaTargets = pgTable(
  'biz_sla_target',
  {
    type: varchar('type', { length: 16 }).$type<WorkOrderType>().notNull(),
    priority: varchar('priority', { length: 8 }).$type<WorkOrderPriority>().notNull(),
    responseMinutes: integer('response_minutes').notNull(),
    resolutionMinutes: integer('resolution_minutes').notNull(),
    businessHours: boolean('business_hours').notNull().default(false),
    updateBy: varchar('update_by', { length: 255 }),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.priority] })],
);

/** The business hours the SLA clocks count when their target says so: one row, once staff set them. */
export const slaBusinessHours = pgTable('biz_sla_business_hours', {
  id: smallint('id').primaryKey().default(1),
  /** Days of the week, 1 Monday … 7 Sunday. */
  days: jsonb('days').$type<number[]>().notNull(),
  fromTime: varchar('from_time', { length: 5 }).notNull(),
  toTime: varchar('to_time', { length: 5 }).notNull(),
  updateBy: varchar('update_by', { length: 255 }),
  updateTime: ts('update_time').notNull().defaultNow(),
});
