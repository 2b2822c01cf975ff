import type { AlarmState, AlarmType } from '@water/contract/alarms';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import type { TextRef } from '../../lib/texts.ts';

/** One open alarm per machine and type, raised and resolved when the state flips. */
export const alarms = pgTable(
  'biz_alarm',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    machineId: integer('machine_id').notNull(),
    agentId: integer('agent_id'),
    /** `OFFLINE`, `FAULT`, `TDS_HIGH`, `TANK_EMPTY`, `NO_SALES`, `LEAK` or `PAYMENT_DEVICE`. */
    type: varchar('type', { length: 16 }).$type<AlarmType>().notNull(),
    /** `OPEN → ACKNOWLEDGED → RESOLVED`. */
    state: varchar('state', { length: 16 }).$type<AlarmState>().notNull().default('OPEN'),
    /** What the alarm says, in English (as eladmin-era readers of the table find it). */
    detail: varchar('detail', { length: 255 }),
    /** The same as a text of the console's catalog, written in each reader's language. */
    detailText: jsonb('detail_text').$type<TextRef>(),
    count: integer('count').notNull().default(1),
    firstTime: ts('first_time').notNull(),
    lastTime: ts('last_time').notNull(),
    acknowledgedBy: varchar('acknowledged_by', { length: 255 }),
    resolvedTime: ts('resolved_time'),
  },
  (t) => [
    uniqueIndex('biz_alarm_open_uq').on(t.machineId, t.type).where(sql`${t.state} <> 'RESOLVED'`),
    index('biz_alarm_agent_idx').on(t.agentId, t.firstTime),
  ],
);
