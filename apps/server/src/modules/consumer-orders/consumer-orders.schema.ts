import { bigint, boolean, index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/**
 * The orders made on machines' public pages: which order, for which machine under which machine
 * number, whether it fills until stopped, and the commands that told the machine to dispense and
 * to stop (one each, whatever is repeated).
 */
export const pageOrders = pgTable(
  'biz_page_order',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    machineId: integer('machine_id').notNull(),
    machineOrderNo: varchar('machine_order_no', { length: 64 }).notNull(),
    fillUntilStop: boolean('fill_until_stop').notNull(),
    /** The member signed in on the page, when they were. */
    memberId: integer('member_id'),
    dispenseCommandId: uuid('dispense_command_id').notNull(),
    stopCommandId: uuid('stop_command_id').notNull(),
    /** When the DISPENSE command was sent (once), and the STOP_DISPENSE. */
    dispenseSentTime: ts('dispense_sent_time'),
    stopSentTime: ts('stop_sent_time'),
    createTime: ts('create_time').notNull(),
  },
  (t) => [uniqueIndex('biz_page_order_no_uq').on(t.orderNo), index('biz_page_order_machine_idx').on(t.machineId)],
);
