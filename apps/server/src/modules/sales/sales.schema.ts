import { bigint, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

const salesFigures = {
  machineId: integer('machine_id').notNull(),
  siteId: integer('site_id'),
  agentId: integer('agent_id').notNull(),
  channel: varchar('channel', { length: 8 }).notNull(),
  /** Orders paid. */
  orders: integer('orders').notNull().default(0),
  /** Millilitres dispensed. */
  dispensedMl: bigint('dispensed_ml', { mode: 'number' }).notNull().default(0),
  /** Fen paid, and fen refunded (refunds counted when they succeed). */
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  discount: bigint('discount', { mode: 'number' }).notNull().default(0),
  coupon: bigint('coupon', { mode: 'number' }).notNull().default(0),
};

/** Sales per machine, channel and hour: what the dashboards read (never the orders). */
export const salesHourly = pgTable('biz_sales_hourly', { hour: ts('hour').notNull(), ...salesFigures }, (t) => [
  primaryKey({ columns: [t.hour, t.machineId, t.channel] }),
  index('biz_sales_hourly_agent_idx').on(t.agentId, t.hour),
]);

/** Sales per machine, channel and day (the server's time zone). */
export const salesDaily = pgTable(
  'biz_sales_daily',
  { day: date('day', { mode: 'string' }).notNull(), ...salesFigures },
  (t) => [
    primaryKey({ columns: [t.day, t.machineId, t.channel] }),
    index('biz_sales_daily_agent_idx').on(t.agentId, t.day),
  ],
);
