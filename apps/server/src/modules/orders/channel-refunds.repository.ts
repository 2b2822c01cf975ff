import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { RefundRecord } from './orders.repository.ts';
import { orders, refunds } from './orders.schema.ts';

/** The SQL of the refunds handed to payment channels' drivers (the rest of the orders' is in orders.repository.ts). */
export const channelRefundsRepository = {
  /** A refund by its number, locked for a change when asked. */
  async refundByNo(db: Database, refundNo: string, lock = false): Promise<RefundRecord | undefined> {
    const query = db.select().from(refunds).where(eq(refunds.refundNo, refundNo));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },

  /** The refunds handed to a channel's driver and not yet settled, with what their orders were paid. */
  async sentRefunds(db: Database, limit: number) {
    return db
      .select({
        refundNo: refunds.refundNo,
        orderNo: refunds.orderNo,
        channel: refunds.channel,
        amount: refunds.amount,
        reason: refunds.reason,
        paid: orders.paid,
      })
      .from(refunds)
      .innerJoin(orders, and(eq(orders.id, refunds.orderId), eq(orders.createTime, refunds.orderTime)))
      .where(eq(refunds.status, 'SENT'))
      .orderBy(asc(refunds.id))
      .limit(limit);
  },
};
