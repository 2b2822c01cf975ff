import { asFen } from '@water/contract/money';
import {
  ORDER_STATE_MACHINE,
  REFUND_COLUMNS,
  REFUND_STATE_MACHINE,
  type Refund,
  type RefundQuery,
  type RefundRequestInput,
  type RefundReviewInput,
} from '@water/contract/orders';
import { allows } from '@water/contract/state-machine';
import { yuanText } from '../../domain/money.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { forbidden, invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import { checkedRange, refundDto } from './order-answers.ts';
import { IMMEDIATE_REFUNDS, type Refunding } from './order-refunding.ts';
import { type RefundRow, refundOrder, refundSortable, ordersRepository as repo } from './orders.repository.ts';

/**
 * Refunds staff ask for and review: a completed order's money going back, with a reason, after a
 * second person's review above the amount global settings set; the review queue; approving
 * (with the channel's reference for WeChat and Alipay) and rejecting.
 */
export function createRefundsService(
  { db, clock, audit }: Pick<Deps, 'db' | 'clock' | 'audit'>,
  { refunding, refundReviewAbove }: { refunding: Refunding; refundReviewAbove: () => Promise<number> },
) {
  const { addRefund, refundSucceeded, sendToChannel, channelRefunds, lockedOrder, visibleOrder } = refunding;
  const refundList = declaredList<Principal, RefundQuery, RefundRow, Refund>({
    name: 'refunds',
    columns: REFUND_COLUMNS,
    sortable: refundSortable,
    order: refundOrder,
    read: async (principal, query, paging) =>
      repo.refundPage(
        db,
        await agentIdsInScope(db, principal.scope),
        query.createTime ? checkedRange(query.createTime) : undefined,
        query,
        paging,
      ),
    toWire: refundDto,
  });

  return {
    /**
     * Staff ask for a refund of a completed order. It waits for a second person's review, unless
     * it is at most the amount global settings let go back without one and the money goes back at
     * once (card, coins).
     */
    async requestRefund(principal: Principal, orderNo: string, input: RefundRequestInput): Promise<Refund> {
      const note = input.note.trim();
      if (!note) throw invalidField('note', { key: 'errors.refunds.sayWhy' }, 'required');
      const found = await visibleOrder(principal, orderNo);
      const reviewAbove = await refundReviewAbove();
      const refund = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, { id: found.id, time: found.createTime });
        moveBy(ORDER_STATE_MACHINE, order.state, 'REQUEST_REFUND', {
          message: `Order ${orderNo} is ${order.state}: only a completed order is refunded by staff`,
        });
        const left = asFen(order.paid - order.refunded - (await repo.pendingRefunds(tx, order.id)));
        if (input.amount > left) {
          throw invalidField(
            'amount',
            { key: 'errors.refunds.leftToRefund', values: { yuan: yuanText(left) } },
            'too_large',
            {
              limit: left,
            },
          );
        }
        const refund = await addRefund(tx, order, input.amount, input.reason, principal.username, note);
        if (input.amount <= reviewAbove && IMMEDIATE_REFUNDS.includes(order.channel)) {
          await refundSucceeded(tx, order, refund, 'SETTLE', principal.username, null);
        }
        const after = { refundNo: refund.refundNo, amount: input.amount, reason: input.reason, note };
        await audit.record(tx, { recordType: 'order', recordId: orderNo, action: 'refund', before: null, after });
        return refund;
      });
      const [row] = (await repo.refundsOf(db, found.id)).filter((r) => r.id === refund.id);
      return refundDto(row as RefundRow);
    },

    /** The refunds the caller sees (the review queue first in view), a page at a time and as a file. */
    refunds: refundList.list,
    exportRefunds: refundList.exportSheet,

    /**
     * Approves a refund (a card's or coins' goes back at once; a channel's needs the channel's
     * reference of the money sent back) or rejects it.
     */
    async review(principal: Principal, refundId: number, input: RefundReviewInput): Promise<void> {
      const found = await repo.refund(db, refundId);
      if (!found || !inScope(principal, found.deptId)) throw notFound(noSuch('refund', refundId));
      // An order paid through a channel's driver gets its money back through it: no reference to enter.
      const throughDriver =
        !IMMEDIATE_REFUNDS.includes(found.channel) && (await channelRefunds.throughDriver(db, found.orderNo));
      if (
        input.action === 'APPROVE' &&
        !IMMEDIATE_REFUNDS.includes(found.channel) &&
        !throughDriver &&
        !input.channelRef
      ) {
        throw invalidField(
          'channelRef',
          {
            key: 'errors.refunds.channelRef',
            values: { channel: { key: `errors.refunds.channels.${found.channel}` } },
          },
          'required',
        );
      }
      if (found.createBy !== null && found.createBy === principal.username) {
        throw forbidden({ key: 'errors.refunds.ownRefund' }, 'FORBIDDEN');
      }
      await db.transaction(async (tx) => {
        const refund = await repo.refund(tx, refundId, true);
        if (!refund) throw notFound(noSuch('refund', refundId));
        const reviewed = `Refund ${found.refundNo} is ${refund.status}: it was reviewed already`;
        const order = await lockedOrder(tx, { id: refund.orderId, time: refund.orderTime });
        const before = { refundNo: found.refundNo, amount: refund.amount, status: refund.status };
        const status = REFUND_STATE_MACHINE.events[input.action].to[0];
        const after = { refundNo: found.refundNo, status, channelRef: input.channelRef, note: input.note?.trim() };
        const action = input.action === 'REJECT' ? 'reject' : 'approve';
        await audit.record(tx, {
          recordType: 'order',
          recordId: found.orderNo,
          action,
          before,
          after,
          keys: ['refundNo'],
        });
        if (input.action === 'REJECT') {
          const status = moveBy(REFUND_STATE_MACHINE, refund.status, 'REJECT', { message: reviewed });
          const note = input.note?.trim();
          if (!note) throw invalidField('note', { key: 'errors.refunds.sayWhyRejected' }, 'required');
          await repo.updateRefund(tx, refund.id, {
            status,
            reviewedBy: principal.username,
            doneTime: clock.now(),
            note: refund.note ? `${refund.note} / ${note}` : note,
          });
          if (allows(ORDER_STATE_MACHINE, order.state, 'REJECT_REFUND')) {
            const state = moveBy(ORDER_STATE_MACHINE, order.state, 'REJECT_REFUND');
            await repo.updateOrder(tx, { id: order.id, time: order.createTime }, { state });
          }
          return;
        }
        if (throughDriver) {
          moveBy(REFUND_STATE_MACHINE, refund.status, 'APPROVE', { message: reviewed });
          await sendToChannel(tx, refund, principal.username);
          return;
        }
        await refundSucceeded(tx, order, refund, 'APPROVE', principal.username, input.channelRef ?? null);
      });
      if (throughDriver && input.action === 'APPROVE') channelRefunds.sent();
    },
  };
}
