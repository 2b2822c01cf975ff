import type { Fen } from '@water/contract/money';
import type { PaymentChannel, PaymentDriverName } from '@water/contract/payments';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type ChannelRefundState,
  channelRefunds,
  paymentChannelSettings,
  paymentNotifications,
  payments,
  type SandboxPaymentState,
  sandboxPayments,
  sandboxRefunds,
} from './payments.schema.ts';

export type ChannelSettingRow = typeof paymentChannelSettings.$inferSelect;
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type ChannelRefundRow = typeof channelRefunds.$inferSelect;

/** All SQL of the payments module, on its own tables only. */
export const paymentsRepository = {
  channelSettings: (db: Database): Promise<ChannelSettingRow[]> => db.select().from(paymentChannelSettings),

  async saveChannelSetting(db: Database, row: typeof paymentChannelSettings.$inferInsert) {
    const { channel, ...rest } = row;
    await db
      .insert(paymentChannelSettings)
      .values(row)
      .onConflictDoUpdate({ target: paymentChannelSettings.channel, set: rest });
  },

  /** Records a payment started (again: the latest driver and amount, unless it was paid meanwhile). */
  async started(
    db: Database,
    values: { orderNo: string; channel: PaymentChannel; driver: PaymentDriverName; amount: Fen; at: Date },
  ) {
    await db
      .insert(payments)
      .values({ ...values, createTime: values.at })
      .onConflictDoUpdate({
        target: payments.orderNo,
        set: { channel: values.channel, driver: values.driver, amount: values.amount },
        setWhere: sql`${payments.state} = 'STARTED'`,
      });
  },

  payment: async (db: Database, orderNo: string) =>
    (await db.select().from(payments).where(eq(payments.orderNo, orderNo)))[0],

  async paid(
    db: Database,
    values: {
      orderNo: string;
      channel: PaymentChannel;
      driver: PaymentDriverName;
      amount: Fen;
      channelTradeNo: string;
      payerId: string | null;
      at: Date;
    },
  ) {
    const paid = {
      state: 'PAID' as const,
      channelTradeNo: values.channelTradeNo,
      payerId: values.payerId,
      paidTime: values.at,
    };
    await db
      .insert(payments)
      .values({ ...values, ...paid, createTime: values.at })
      .onConflictDoUpdate({ target: payments.orderNo, set: paid });
  },

  /** Takes a notification's id; false when it was taken before (a replay). */
  async takeNotification(
    db: Database,
    values: { channel: PaymentChannel; notificationId: string; fact: string; orderNo: string; at: Date },
  ): Promise<boolean> {
    const taken = await db
      .insert(paymentNotifications)
      .values({ ...values, receivedTime: values.at })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.notificationId });
    return taken.length > 0;
  },

  /** Gives a notification's id back: its fact could not be applied, and the channel will send it again. */
  async forgetNotification(db: Database, channel: PaymentChannel, notificationId: string) {
    await db
      .delete(paymentNotifications)
      .where(and(eq(paymentNotifications.channel, channel), eq(paymentNotifications.notificationId, notificationId)));
  },

  channelRefund: async (db: Database, refundNo: string): Promise<ChannelRefundRow | undefined> =>
    (await db.select().from(channelRefunds).where(eq(channelRefunds.refundNo, refundNo)))[0],

  channelRefundsOf: (db: Database, refundNos: readonly string[]): Promise<ChannelRefundRow[]> =>
    refundNos.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(channelRefunds)
          .where(inArray(channelRefunds.refundNo, [...refundNos])),

  async saveChannelRefund(
    db: Database,
    values: {
      refundNo: string;
      orderNo: string;
      channel: PaymentChannel;
      driver: PaymentDriverName;
      amount: Fen;
      state: ChannelRefundState;
      channelRefundNo: string | null;
      code: string | null;
      at: Date;
    },
  ) {
    const { at, ...row } = values;
    await db
      .insert(channelRefunds)
      .values({ ...row, createTime: at, updateTime: at })
      .onConflictDoUpdate({
        target: channelRefunds.refundNo,
        set: { state: row.state, channelRefundNo: row.channelRefundNo, code: row.code, updateTime: at },
      });
  },

  // ------------------------------------------------------------------ the sandbox channel's own records

  async insertSandboxPayment(db: Database, row: typeof sandboxPayments.$inferInsert) {
    await db.insert(sandboxPayments).values(row);
  },

  sandboxPayment: async (db: Database, id: string): Promise<SandboxPaymentRow | undefined> =>
    (await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0],

  /** The order's paid sandbox payment, else its latest (the last one the person was sent to). */
  async sandboxPaymentOf(db: Database, orderNo: string): Promise<SandboxPaymentRow | undefined> {
    const rows = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderNo, orderNo))
      .orderBy(desc(sandboxPayments.createTime));
    return rows.find((row) => row.state === 'PAID') ?? rows[0];
  },

  /** Moves a sandbox payment out of NOTPAY; false when it had left it already. */
  async endSandboxPayment(
    db: Database,
    id: string,
    values: { state: SandboxPaymentState; refundsFail?: boolean; paidTime?: Date },
  ): Promise<boolean> {
    const moved = await db
      .update(sandboxPayments)
      .set(values)
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.state, 'NOTPAY')))
      .returning({ id: sandboxPayments.id });
    return moved.length > 0;
  },

  sandboxRefund: async (db: Database, refundNo: string) =>
    (await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundNo, refundNo)))[0],

  sandboxRefundedOf: async (db: Database, paymentId: string): Promise<number> =>
    (
      await db
        .select({ amount: sandboxRefunds.amount, state: sandboxRefunds.state })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentId, paymentId))
    )
      .filter((row) => row.state === 'SUCCEEDED')
      .reduce((sum, row) => sum + row.amount, 0),

  async insertSandboxRefund(db: Database, row: typeof sandboxRefunds.$inferInsert) {
    await db.insert(sandboxRefunds).values(row).onConflictDoNothing();
  },

  /** Refunds sent and not yet settled, last touched before `before`: asked about again. */
  openChannelRefunds: (db: Database, before: Date) =>
    db
      .select()
      .from(channelRefunds)
      .where(and(inArray(channelRefunds.state, ['SENT', 'ACCEPTED']), lt(channelRefunds.updateTime, before))),
};
