import { asFen, type Fen } from '@water/contract/money';
import type { Channel, Order, OrderState, RefundReason, RefundStatus } from '@water/contract/orders';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { fen, ts } from '../../db/columns.ts';

/**
 * A sale. Partitioned by month of `create_time` (see the migration), so its key and indexes
 * include that time; what it was sold at is copied onto it and never rewritten.
 */
export const orders = pgTable(
  'biz_order',
  {
    id: bigint('id', { mode: 'number' }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    machineId: integer('machine_id').notNull(),
    /** The machine's own number for the sale: one order per machine and number. */
    machineOrderNo: varchar('machine_order_no', { length: 64 }).notNull(),
    siteId: integer('site_id'),
    agentId: integer('agent_id').notNull(),
    /** The holder and its ancestors at the time of the sale: `/1/4/9/`. */
    agentPath: varchar('agent_path', { length: 255 }).notNull(),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    /** Each path agent's rate at the sale, top first (null on orders made before they were copied: the seller's alone counts). */
    pathRates: numeric('path_rates', { precision: 5, scale: 2, mode: 'string' }).array(),
    /**
     * What each level of the path has earned on the order so far, top first, in fen: the ledger
     * holds the same amounts, aggregated per agent and day (null until the order first earned).
     */
    commissionFen: integer('commission_fen').array().$type<Fen[]>(),
    /** The agents of the path that were frozen at the sale: their commission is held until they are unfrozen. */
    heldAgentIds: integer('held_agent_ids').array().notNull().default(sql`'{}'::integer[]`),
    memberId: integer('member_id'),
    /** `WECHAT`, `ALIPAY`, `CARD` or `COIN`. */
    channel: varchar('channel', { length: 8 }).$type<Channel>().notNull(),
    tap: integer('tap').notNull(),
    waterType: varchar('water_type', { length: 8 }).$type<Order['waterType']>().notNull(),
    /** Fen per litre. */
    unitPrice: fen('unit_price').notNull(),
    policyId: integer('policy_id'),
    requestedMl: integer('requested_ml').notNull(),
    dispensedMl: integer('dispensed_ml'),
    listAmount: fen('list_amount').notNull(),
    discountAmount: fen('discount_amount').notNull().default(asFen(0)),
    couponId: bigint('coupon_id', { mode: 'number' }),
    couponAmount: fen('coupon_amount').notNull().default(asFen(0)),
    payable: fen('payable').notNull(),
    paid: fen('paid').notNull().default(asFen(0)),
    /** Refunds that succeeded. */
    refunded: fen('refunded').notNull().default(asFen(0)),
    /** CREATED → PAID → DISPENSING → COMPLETED; see BUSINESS.md for the rest. */
    state: varchar('state', { length: 20 }).$type<OrderState>().notNull(),
    /** The channel's or card's reference of the payment. */
    payRef: varchar('pay_ref', { length: 64 }),
    /** The machine's time of the sale (later than this when it was offline). */
    createTime: ts('create_time').notNull(),
    /** When the server heard of it; unpaid orders close `ORDER_PAY_TIMEOUT` after. */
    receivedTime: ts('received_time').notNull(),
    paidTime: ts('paid_time'),
    dispenseEndTime: ts('dispense_end_time'),
    closeTime: ts('close_time'),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createTime] }),
    index('biz_order_agent_time_idx').on(t.agentId, t.createTime),
    index('biz_order_machine_time_idx').on(t.machineId, t.createTime),
    index('biz_order_no_idx').on(t.orderNo),
    index('biz_order_unpaid_idx').on(t.receivedTime).where(sql`${t.state} = 'CREATED'`),
    /** A channel's payments of a day, as reconciliation with the channel's statement reads them. */
    index('biz_order_channel_paid_idx').on(t.channel, t.paidTime).where(sql`${t.paidTime} IS NOT NULL`),
  ],
);

/** The machine's own numbers of its sales, unique: what makes a retried report one order. */
export const orderKeys = pgTable(
  'biz_order_key',
  {
    machineId: integer('machine_id').notNull(),
    machineOrderNo: varchar('machine_order_no', { length: 64 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderTime: ts('order_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.machineId, t.machineOrderNo] })],
);

/** Money given back on an order: automatically (failed or short dispense) or asked for by staff. */
export const refunds = pgTable(
  'biz_refund',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderTime: ts('order_time').notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    agentId: integer('agent_id').notNull(),
    machineId: integer('machine_id').notNull(),
    channel: varchar('channel', { length: 8 }).$type<Channel>().notNull(),
    amount: fen('amount').notNull(),
    /** `DISPENSE_FAILED`, `SHORT_FILL`, `CUSTOMER` or `STAFF`. */
    reason: varchar('reason', { length: 16 }).$type<RefundReason>().notNull(),
    note: varchar('note', { length: 500 }),
    /** `PENDING → SUCCESS | FAILED`. */
    status: varchar('status', { length: 8 }).$type<RefundStatus>().notNull().default('PENDING'),
    /** The channel's reference, entered when finance refunded through the channel. */
    channelRef: varchar('channel_ref', { length: 64 }),
    createBy: varchar('create_by', { length: 255 }),
    reviewedBy: varchar('reviewed_by', { length: 255 }),
    createTime: ts('create_time').notNull().defaultNow(),
    doneTime: ts('done_time'),
  },
  (t) => [
    uniqueIndex('biz_refund_no_uq').on(t.refundNo),
    index('biz_refund_order_idx').on(t.orderId),
    index('biz_refund_agent_time_idx').on(t.agentId, t.createTime),
    index('biz_refund_pending_idx').on(t.createTime).where(sql`${t.status} = 'PENDING'`),
    /** A channel's refunds done on a day, as reconciliation reads them. */
    index('biz_refund_channel_done_idx').on(t.channel, t.doneTime).where(sql`${t.status} = 'SUCCESS'`),
  ],
);
