import type { Fen } from '@water/contract/money';
import { REFUND_STATE_MACHINE } from '@water/contract/orders';
import type { Deps } from '../../lib/deps.ts';
import { moveBy } from '../../lib/state.ts';
import { channelRefundsRepository as channelRepo } from './channel-refunds.repository.ts';
import type { Refunding } from './order-refunding.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/** What a channel's driver did with a refund handed to it. */
export type ChannelRefundResult = { ok: true; channelRefundNo: string } | { ok: false; code: string };

/** A refund handed to a driver: what the driver is asked, with the whole amount the order was paid. */
export interface SentRefund {
  refundNo: string;
  orderNo: string;
  channel: string;
  amount: Fen;
  reason: string;
  paid: Fen;
}

/**
 * The refunds that go back through the payment channels' drivers, as the orders module sees them:
 * those handed over, and their settling by the channel's outcome (once: a second outcome changes nothing).
 */
export function createOrderChannelRefunds(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { refunding }: { refunding: Refunding },
) {
  return {
    sentRefunds: (limit = 100): Promise<SentRefund[]> => channelRepo.sentRefunds(db, limit),

    /**
     * The channel's outcome of a refund handed to it: the money went back (the order's refunded
     * amount and state follow), or it did not (the refund fails with the channel's code as its
     * reference, for finance). Answers false when the refund was not waiting for it.
     */
    async settleChannelRefund(refundNo: string, result: ChannelRefundResult): Promise<boolean> {
      return db.transaction(async (tx) => {
        const refund = await channelRepo.refundByNo(tx, refundNo, true);
        if (refund?.status !== 'SENT') return false;
        if (result.ok) {
          const order = await refunding.lockedOrder(tx, { id: refund.orderId, time: refund.orderTime });
          await refunding.refundSucceeded(tx, order, refund, 'SETTLE', refund.reviewedBy, result.channelRefundNo);
          return true;
        }
        const status = moveBy(REFUND_STATE_MACHINE, refund.status, 'CHANNEL_FAIL');
        await repo.updateRefund(tx, refund.id, { status, channelRef: result.code.slice(0, 64), doneTime: clock.now() });
        return true;
      });
    },
  };
}
