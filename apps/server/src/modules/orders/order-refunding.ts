import { asFen, type Fen } from '@water/contract/money';
import { ORDER_STATE_MACHINE, REFUND_STATE_MACHINE, type RefundReason } from '@water/contract/orders';
import type { Database } from '../../db/client.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { moveBy } from '../../lib/state.ts';
import { agentById } from '../agents/agent-directory.ts';
import { daysOfOrderNo, noOrder } from './order-answers.ts';
import type { SettleCommission } from './order-commission.ts';
import {
  type OrderKey,
  type OrderRecord,
  type OrderRow,
  type RefundRecord,
  ordersRepository as repo,
} from './orders.repository.ts';
import type { SaleEvents } from './sale-events.ts';

/** Channels whose money goes back at once (the card is credited, the coins are paid out). */
export const IMMEDIATE_REFUNDS: readonly string[] = ['CARD', 'COIN'];

/**
 * How refunds reach the payment channels' drivers (the payments module): whether an order was
 * paid through one (then its refunds go back through it, not through finance), and a nudge to
 * send the refunds handed over once their transaction has committed.
 */
export interface ChannelRefundPort {
  throughDriver(tx: Database, orderNo: string): Promise<boolean>;
  sent(): void;
}

/** Orders paid otherwise keep finance's manual path. */
export const MANUAL_REFUNDS_ONLY: ChannelRefundPort = { throughDriver: async () => false, sent: () => {} };

/**
 * What every change of an order's money shares, inside the unit of work (transaction) of the
 * change: the order locked, refunds recorded and carried out, each raising its sale event.
 */
export function createRefunding(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    sale,
    settleCommission,
    channelRefunds = MANUAL_REFUNDS_ONLY,
  }: { sale: SaleEvents; settleCommission: SettleCommission; channelRefunds?: ChannelRefundPort },
) {
  /**
   * Records a refund; one of a card or coins succeeds at once, one through a payment channel
   * waits for finance to send the money back and confirm it with the channel's reference.
   */
  async function addRefund(
    tx: typeof db,
    order: OrderRecord,
    amount: Fen,
    reason: RefundReason,
    by: string | null,
    note: string | null,
  ): Promise<RefundRecord> {
    const existing = await repo.refundsOf(tx, order.id);
    const refund = await repo.insertRefund(tx, {
      refundNo: `R${order.orderNo}${String(existing.length + 1).padStart(2, '0')}`,
      orderId: order.id,
      orderTime: order.createTime,
      orderNo: order.orderNo,
      agentId: order.agentId,
      machineId: order.machineId,
      channel: order.channel,
      amount,
      reason,
      note,
      createBy: by,
      createTime: clock.now(),
    });
    return refund;
  }

  /**
   * A refund succeeded: the order's refunded amount and state, and the roll-ups, follow (a closed
   * order's late payment going back leaves it closed).
   */
  async function refundSucceeded(
    tx: typeof db,
    order: OrderRecord,
    refund: RefundRecord,
    event: 'SETTLE' | 'APPROVE',
    by: string | null,
    ref: string | null,
  ) {
    const now = clock.now();
    const status = moveBy(REFUND_STATE_MACHINE, refund.status, event, {
      message: `Refund ${refund.refundNo} is ${refund.status}: it was reviewed already`,
    });
    await repo.updateRefund(tx, refund.id, { status, doneTime: now, reviewedBy: by, channelRef: ref });
    const refunded = asFen(order.refunded + refund.amount);
    const closed = order.state === 'CLOSED';
    const state = moveBy(ORDER_STATE_MACHINE, order.state, 'REFUND', {
      to: closed ? 'CLOSED' : refunded >= order.paid ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    });
    const changes = { refunded, state, updateTime: now };
    const after = { ...order, ...changes };
    const commission = await settleCommission(tx, after, changes);
    await sale.emit(tx, {
      type: 'REFUNDED',
      order: after,
      amount: refund.amount,
      at: now,
      full: state === 'REFUNDED',
      commission,
    });
    return after;
  }

  /** Hands a refund to the order's payment channel's driver: its outcome settles it (`settleChannelRefund`). */
  async function sendToChannel(tx: typeof db, refund: RefundRecord, by: string | null) {
    const status = moveBy(REFUND_STATE_MACHINE, refund.status, 'SEND', {
      message: `Refund ${refund.refundNo} is ${refund.status}: it was reviewed already`,
    });
    await repo.updateRefund(tx, refund.id, { status, ...(by !== null && { reviewedBy: by }) });
  }

  /**
   * A refund the server makes itself (failed or short dispense, a late payment): at once by card
   * or coins, through the channel's driver when the order was paid through one, else by finance.
   */
  async function automaticRefund(tx: typeof db, order: OrderRecord, amount: Fen, reason: RefundReason) {
    if (amount <= 0) return order;
    const refund = await addRefund(tx, order, amount, reason, null, null);
    if (!IMMEDIATE_REFUNDS.includes(order.channel)) {
      if (await channelRefunds.throughDriver(tx, order.orderNo)) await sendToChannel(tx, refund, null);
      return order;
    }
    return refundSucceeded(tx, order, refund, 'SETTLE', null, null);
  }

  /** An order locked for a change, by its key. */
  async function lockedOrder(tx: typeof db, key: OrderKey): Promise<OrderRecord> {
    const order = await repo.order(tx, key, true);
    if (!order) throw notFound({ key: 'errors.orders.noSuchOrder' });
    return order;
  }

  /** An order the caller's data scope reaches, by its number (404 otherwise, as if it did not exist). */
  async function visibleOrder(principal: Principal, orderNo: string): Promise<OrderRow> {
    const { from, to } = daysOfOrderNo(orderNo);
    const order = await repo.byOrderNo(db, orderNo, from, to);
    if (!order) throw notFound(noOrder(orderNo));
    const agent = await agentById(db, order.agentId);
    if (!agent || !inScope(principal, agent.deptId)) throw notFound(noOrder(orderNo));
    return order;
  }

  return { addRefund, refundSucceeded, automaticRefund, sendToChannel, channelRefunds, lockedOrder, visibleOrder };
}

export type Refunding = ReturnType<typeof createRefunding>;
