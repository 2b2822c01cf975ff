import type { ReportCategory } from '@water/contract/public-machines';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/**
 * A problem a consumer reported from a machine's page: gathered by the machine's open
 * CONSUMER_REPORT alarm (which counts them), with the order it names when the consumer proved
 * they hold it.
 */
export const consumerReports = pgTable(
  'biz_consumer_report',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    reportNo: varchar('report_no', { length: 40 }).notNull(),
    machineId: integer('machine_id').notNull(),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    category: varchar('category', { length: 16 }).$type<ReportCategory>().notNull(),
    note: varchar('note', { length: 500 }),
    /** Masked when stored: staff never read a consumer's whole number. */
    phoneMasked: varchar('phone_masked', { length: 16 }),
    /** An order of this machine the consumer proved they hold (its access token). */
    orderNo: varchar('order_no', { length: 32 }),
    /** The stored photo's name in the file store. */
    photo: varchar('photo', { length: 64 }),
    createTime: ts('create_time').notNull(),
  },
  (t) => [
    uniqueIndex('biz_consumer_report_no_uq').on(t.reportNo),
    index('biz_consumer_report_alarm_idx').on(t.alarmId),
    index('biz_consumer_report_order_idx').on(t.orderNo),
  ],
);
