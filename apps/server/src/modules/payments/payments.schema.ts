import type { PaymentChannel, PaymentDriverName } from '@water/contract/payments';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { fen, ts } from '../../db/columns.ts';

/**
 * Each channel's driver and its settings. The secrets (private keys, the API v3 key) are sealed
 * with the `payment-channel` secret box and never answered back.
 */
export const paymentChannelSettings = pgTable('pay_channel_setting', {
  channel: varchar('channel', { length: 8 }).$type<PaymentChannel>().primaryKey(),
  driver: varchar('driver', { length: 16 }).$type<PaymentDriverName>().notNull(),
  /** The driver's fields that are not secret (merchant id, app id, key ids, addresses). */
  settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
  /** Sealed secrets by name. */
  secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
  updateBy: varchar('update_by', { length: 255 }),
  updateTime: ts('update_time').notNull().defaultNow(),
});

export type PaymentState = 'STARTED' | 'PAID';

/** A payment started through a driver: the proof an order was paid through one (and is refunded through it). */
export const payments = pgTable(
  'pay_payment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    channel: varchar('channel', { length: 8 }).$type<PaymentChannel>().notNull(),
    driver: varchar('driver', { length: 16 }).$type<PaymentDriverName>().notNull(),
    amount: fen('amount').notNull(),
    state: varchar('state', { length: 8 }).$type<PaymentState>().notNull().default('STARTED'),
    /** The channel's transaction number, once paid. */
    channelTradeNo: varchar('channel_trade_no', { length: 64 }),
    /** The payer's id at the channel (WeChat openid, Alipay buyer id), when the channel says it. */
    payerId: varchar('payer_id', { length: 128 }),
    createTime: ts('create_time').notNull().defaultNow(),
    paidTime: ts('paid_time'),
  },
  (t) => [uniqueIndex('pay_payment_order_uq').on(t.orderNo)],
);

/**
 * The notifications taken, by the channel's own id of each (WeChat's `id`, Alipay's `notify_id`,
 * the sandbox's): one seen before is a replay and changes nothing.
 */
export const paymentNotifications = pgTable(
  'pay_notification',
  {
    channel: varchar('channel', { length: 8 }).$type<PaymentChannel>().notNull(),
    notificationId: varchar('notification_id', { length: 128 }).notNull(),
    fact: varchar('fact', { length: 8 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    receivedTime: ts('received_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.notificationId] })],
);

export type ChannelRefundState = 'SENT' | 'ACCEPTED' | 'SUCCEEDED' | 'FAILED';

/** A refund sent to a channel's driver, by our refund number (the channel's idempotency key). */
export const channelRefunds = pgTable(
  'pay_refund',
  {
    refundNo: varchar('refund_no', { length: 32 }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    channel: varchar('channel', { length: 8 }).$type<PaymentChannel>().notNull(),
    driver: varchar('driver', { length: 16 }).$type<PaymentDriverName>().notNull(),
    amount: fen('amount').notNull(),
    state: varchar('state', { length: 10 }).$type<ChannelRefundState>().notNull(),
    channelRefundNo: varchar('channel_refund_no', { length: 64 }),
    /** The channel's code of a refusal or failure (`NOT_ENOUGH`, `ACQ.SELLER_BALANCE_NOT_ENOUGH`). */
    code: varchar('code', { length: 64 }),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [index('pay_refund_open_idx').on(t.updateTime).where(sql`${t.state} IN ('SENT', 'ACCEPTED')`)],
);

export type SandboxPaymentState = 'NOTPAY' | 'PAID' | 'CLOSED' | 'FAILED';

/** The sandbox channel's own records of its payments: what a real channel keeps on its side. */
export const sandboxPayments = pgTable(
  'pay_sandbox_payment',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    channel: varchar('channel', { length: 8 }).$type<PaymentChannel>().notNull(),
    amount: fen('amount').notNull(),
    description: varchar('description', { length: 128 }).notNull(),
    notifyUrl: varchar('notify_url', { length: 500 }).notNull(),
    returnUrl: varchar('return_url', { length: 500 }),
    state: varchar('state', { length: 8 }).$type<SandboxPaymentState>().notNull().default('NOTPAY'),
    tradeNo: varchar('trade_no', { length: 40 }).notNull(),
    /** Told on the page: refunds of this payment fail (to try the refund failure path). */
    refundsFail: boolean('refunds_fail').notNull().default(false),
    createTime: ts('create_time').notNull().defaultNow(),
    paidTime: ts('paid_time'),
  },
  (t) => [index('pay_sandbox_payment_order_idx').on(t.orderNo)],
);

/** The sandbox's refunds, by our refund number. */
export const sandboxRefunds = pgTable('pay_sandbox_refund', {
  refundNo: varchar('refund_no', { length: 32 }).primaryKey(),
  paymentId: varchar('payment_id', { length: 40 }).notNull(),
  amount: fen('amount').notNull(),
  state: varchar('state', { length: 10 }).$type<'SUCCEEDED' | 'FAILED'>().notNull(),
  createTime: ts('create_time').notNull().defaultNow(),
});
