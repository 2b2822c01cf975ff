import type { PageOf } from '@water/contract/common';
import { EXPORT_MAX_ROWS, EXPORT_SYNC_MAX, type ExportJob } from '@water/contract/exports';
import type {
  ChannelNotification,
  GatewayDispenseInput,
  GatewayOrder,
  GatewayOrderInput,
  GatewayPaymentInput,
  Prices,
} from '@water/contract/gateway';
import { type Lifecycle, MACHINE_STATE_MACHINE } from '@water/contract/machines';
import {
  type Channel,
  ORDER_RANGE_MAX_DAYS,
  ORDER_STATE_MACHINE,
  type Order,
  type OrderDetail,
  type OrderQuery,
  type OrderState,
  REFUND_STATE_MACHINE,
  type Refund,
  type RefundQuery,
  type RefundReason,
  type RefundRequestInput,
  type RefundReviewInput,
  type RefundStatus,
} from '@water/contract/orders';
import { allows } from '@water/contract/state-machine';
import dayjs from 'dayjs';
import { type AgentPaths, agentById, agentIdsInScope, frozenAmong, pathText } from '../../lib/agents.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, forbidden, HttpError, invalidField, notFound, stateConflict } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { amountOf, percentOf, shareOf } from '../../lib/money.ts';
import { inScope, type Principal } from '../../lib/principal.ts';
import { moveBy } from '../../lib/state.ts';
import { formatDateTime, parseWireTime } from '../../lib/time.ts';
import type { Sheet } from '../../lib/xlsx.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { ExportsService } from '../exports/exports.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { maskPhone } from '../members/members.service.ts';
import type { PricePoliciesService } from '../price-policies/price-policies.service.ts';
import {
  type OrderKey,
  type OrderRecord,
  type OrderRow,
  orderOrder,
  orderSortable,
  type RefundRecord,
  type RefundRow,
  refundOrder,
  refundSortable,
  ordersRepository as repo,
} from './orders.repository.ts';
import type { SaleEvents } from './sale-events.ts';

/** A machine as the gateway authenticated it. */
export interface SellingMachine {
  id: number;
  serialNo: string;
  modelId: number;
  agentId: number | null;
  siteId: number | null;
  lifecycle: string;
}

/** How far back a machine may date a sale it made offline. */
const OFFLINE_SALE_MAX_AGE_MS = 30 * 24 * 3_600_000;
/** How far ahead of the server's clock a machine's time may run. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The order event each dispense result of the machine is. */
const DISPENSE_EVENTS = { STARTED: 'START_DISPENSE', COMPLETED: 'COMPLETE', FAILED: 'FAIL_DISPENSE' } as const;

/** Channels whose money goes back at once (the card is credited, the coins are paid out). */
const IMMEDIATE_REFUNDS: readonly string[] = ['CARD', 'COIN'];

/**
 * What an order's commission is counted on: what was paid less what was refunded, plus the
 * discount of the coupon the platform funds when that coupon is used on this very order; nothing
 * for an order refunded in full or closed unpaid, whatever becomes of its coupon.
 */
export function commissionBase(
  order: Pick<OrderRecord, 'state' | 'paid' | 'refunded'>,
  platformFunded: number,
): number {
  if (order.state === 'REFUNDED' || order.state === 'CLOSED') return 0;
  if (order.paid > 0 && order.refunded >= order.paid) return 0;
  return order.paid - order.refunded + platformFunded;
}

function gatewayDto(order: OrderRecord): GatewayOrder {
  return {
    orderNo: order.orderNo,
    machineOrderNo: order.machineOrderNo,
    state: order.state as OrderState,
    channel: order.channel as Channel,
    unitPrice: order.unitPrice,
    requestedMl: order.requestedMl,
    dispensedMl: order.dispensedMl,
    listAmount: order.listAmount,
    discountAmount: order.discountAmount,
    couponAmount: order.couponAmount,
    payable: order.payable,
    paid: order.paid,
    refunded: order.refunded,
  };
}

function orderDto(row: OrderRow): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    machineOrderNo: row.machineOrderNo,
    machineId: row.machineId,
    serialNo: row.serialNo,
    siteId: row.siteId,
    siteName: row.siteName,
    agentId: row.agentId,
    agentName: row.agentName,
    memberPhone: maskPhone(row.memberPhone),
    channel: row.channel as Channel,
    tap: row.tap,
    waterType: row.waterType as Order['waterType'],
    unitPrice: row.unitPrice,
    requestedMl: row.requestedMl,
    dispensedMl: row.dispensedMl,
    listAmount: row.listAmount,
    discountAmount: row.discountAmount,
    couponAmount: row.couponAmount,
    payable: row.payable,
    paid: row.paid,
    refunded: row.refunded,
    state: row.state as OrderState,
    commissionRate: row.commissionRate,
    createTime: formatDateTime(row.createTime) as string,
    paidTime: formatDateTime(row.paidTime),
    dispenseEndTime: formatDateTime(row.dispenseEndTime),
    closeTime: formatDateTime(row.closeTime),
  };
}

function refundDto(row: RefundRow): Refund {
  return {
    id: row.id,
    refundNo: row.refundNo,
    orderNo: row.orderNo,
    agentId: row.agentId,
    agentName: row.agentName,
    serialNo: row.serialNo,
    channel: row.channel as Channel,
    amount: row.amount,
    reason: row.reason as RefundReason,
    note: row.note,
    status: row.status as Refund['status'],
    channelRef: row.channelRef,
    createBy: row.createBy,
    reviewedBy: row.reviewedBy,
    createTime: formatDateTime(row.createTime) as string,
    doneTime: formatDateTime(row.doneTime),
  };
}

const yuan = (fen: number) => fen / 100;
const yuanText = (fen: number) => (fen / 100).toFixed(2);

/** The orders' columns, in every export. */
const ORDER_SHEET: Omit<Sheet<OrderRow>, 'rows'> = {
  name: 'orders',
  columns: [
    { header: 'Order number', value: (o) => o.orderNo },
    { header: 'Machine number', value: (o) => o.machineOrderNo },
    { header: 'Machine', value: (o) => o.serialNo },
    { header: 'Site', value: (o) => o.siteName },
    { header: 'Agent', value: (o) => o.agentName },
    { header: 'Channel', value: (o) => o.channel },
    { header: 'Requested (ml)', value: (o) => o.requestedMl },
    { header: 'Dispensed (ml)', value: (o) => o.dispensedMl },
    { header: 'List (yuan)', value: (o) => yuan(o.listAmount) },
    { header: 'Discount (yuan)', value: (o) => yuan(o.discountAmount) },
    { header: 'Coupon (yuan)', value: (o) => yuan(o.couponAmount) },
    { header: 'Paid (yuan)', value: (o) => yuan(o.paid) },
    { header: 'Refunded (yuan)', value: (o) => yuan(o.refunded) },
    { header: 'State', value: (o) => o.state },
    { header: 'Created', value: (o) => formatDateTime(o.createTime) },
    { header: 'Paid at', value: (o) => formatDateTime(o.paidTime) },
  ],
};

/** Our order number: the day of the sale and the order's id, `yyyyMMdd` + 10 digits. */
const orderNumber = (time: Date, id: number) => `${dayjs(time).format('YYYYMMDD')}${String(id).padStart(10, '0')}`;

/** The times an order of that number can have been made at (its day, with a margin for time zones). */
function daysOfOrderNo(orderNo: string): { from: Date; to: Date } {
  const day = dayjs(orderNo.slice(0, 8), 'YYYYMMDD', true);
  if (!day.isValid()) throw notFound(`No order ${orderNo}`);
  return { from: day.subtract(1, 'day').toDate(), to: day.add(2, 'day').toDate() };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Orders and refunds: sales reported by machines through the gateway (created, paid, dispensed,
 * refunded when the water did not come), closed when left unpaid, refunded by staff after review;
 * every paid fen and refunded fen added to the roll-ups in the same transaction.
 */
export function createOrdersService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    policies,
    coupons,
    exports,
    paths,
    payTimeoutMs,
    refundReviewAbove,
    members,
    sale,
  }: {
    policies: PricePoliciesService;
    coupons: CouponsService;
    exports: ExportsService;
    paths: AgentPaths;
    payTimeoutMs: number;
    /** Fen: a staff refund above this needs a second person's review (0: every one does). */
    refundReviewAbove: () => Promise<number>;
    /** Where the sale's events go: the roll-ups, members and coupons react to them in the same transaction. */
    sale: SaleEvents;
    members: MembersService;
  },
) {
  /** A time the machine gives, checked against the server's clock. */
  function machineTime(field: string, ms: number | undefined): Date {
    const now = clock.now().getTime();
    if (ms === undefined) return new Date(now);
    if (ms > now + CLOCK_SKEW_MS || ms < now - OFFLINE_SALE_MAX_AGE_MS) {
      throw invalidField(field, 'lies in the future or more than 30 days back');
    }
    return new Date(ms);
  }

  async function keyOf(machine: SellingMachine, machineOrderNo: string): Promise<OrderKey> {
    const key = await repo.keyOf(db, machine.id, machineOrderNo);
    if (!key) throw notFound(`No order ${machineOrderNo} of machine ${machine.serialNo}`);
    return key;
  }

  /**
   * Records a refund; one of a card or coins succeeds at once, one through a payment channel
   * waits for finance to send the money back and confirm it with the channel's reference.
   */
  async function addRefund(
    tx: typeof db,
    order: OrderRecord,
    amount: number,
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
    const status = moveBy(REFUND_STATE_MACHINE, refund.status as RefundStatus, event, {
      message: `Refund ${refund.refundNo} is ${refund.status}: it was reviewed already`,
    });
    await repo.updateRefund(tx, refund.id, { status, doneTime: now, reviewedBy: by, channelRef: ref });
    const refunded = order.refunded + refund.amount;
    const closed = order.state === 'CLOSED';
    const state = moveBy(ORDER_STATE_MACHINE, order.state as OrderState, 'REFUND', {
      to: closed ? 'CLOSED' : refunded >= order.paid ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    });
    await repo.updateOrder(tx, { id: order.id, time: order.createTime }, { refunded, state, updateTime: now });
    const after = { ...order, refunded, state };
    await sale.emit(tx, { type: 'REFUNDED', order: after, amount: refund.amount, at: now, full: state === 'REFUNDED' });
    return after;
  }

  /** A refund the server makes itself (failed or short dispense). */
  async function automaticRefund(tx: typeof db, order: OrderRecord, amount: number, reason: RefundReason) {
    if (amount <= 0) return order;
    const refund = await addRefund(tx, order, amount, reason, null, null);
    if (!IMMEDIATE_REFUNDS.includes(order.channel)) return order;
    return refundSucceeded(tx, order, refund, 'SETTLE', null, null);
  }

  /**
   * Money arrived for an order closed unpaid meanwhile: the payment is recorded and goes back
   * (at once for a card or coins, through finance for a channel); the order stays closed and its
   * coupon, given back when it closed, stays with its member. The same payment again changes nothing.
   */
  async function latePayment(tx: typeof db, order: OrderRecord, amount: number, ref: string | null, at: Date) {
    moveBy(ORDER_STATE_MACHINE, order.state as OrderState, 'PAY_LATE');
    if (order.paid > 0) {
      if (ref !== null && order.payRef !== null && order.payRef !== ref) {
        throw stateConflict(
          `Order ${order.orderNo} was already paid by transaction ${order.payRef}`,
          order.state,
          'PAY_LATE',
        );
      }
      return order;
    }
    await repo.updateOrder(
      tx,
      { id: order.id, time: order.createTime },
      { paid: amount, payRef: ref, paidTime: at, updateTime: clock.now() },
    );
    const paid = { ...order, paid: amount, payRef: ref, paidTime: at };
    await sale.emit(tx, { type: 'PAID', order: paid, amount, at, late: true });
    return automaticRefund(tx, paid, amount, 'ORDER_CLOSED');
  }

  /** A payment's time: never before its order was made (beyond the clock skew allowed). */
  function checkedPaidAt(order: OrderRecord, paidAt: Date): Date {
    if (paidAt.getTime() < order.createTime.getTime() - CLOCK_SKEW_MS) {
      throw invalidField('paidAt', `lies before the order was made (${formatDateTime(order.createTime)})`);
    }
    return paidAt;
  }

  /** Marks an order paid (once); the roll-ups, the member and the coupon follow its event. */
  async function markPaid(tx: typeof db, order: OrderRecord, amount: number, ref: string | null, at: Date) {
    const now = clock.now();
    const state = moveBy(ORDER_STATE_MACHINE, order.state as OrderState, 'PAY');
    await repo.updateOrder(
      tx,
      { id: order.id, time: order.createTime },
      { state, paid: amount, payRef: ref, paidTime: at, updateTime: now },
    );
    const paid = { ...order, state, paid: amount, payRef: ref, paidTime: at };
    await sale.emit(tx, { type: 'PAID', order: paid, amount, at, late: false });
    return paid;
  }

  /** A machine's order by its own number, locked for a change. */
  async function lockedMachineOrder(tx: typeof db, machine: SellingMachine, machineOrderNo: string) {
    const order = await repo.lockedByMachineNo(tx, machine.id, machineOrderNo);
    if (!order) throw notFound(`No order ${machineOrderNo} of machine ${machine.serialNo}`);
    return order;
  }

  /** An order locked for a change, by its key. */
  async function lockedOrder(tx: typeof db, key: OrderKey): Promise<OrderRecord> {
    const order = await repo.order(tx, key, true);
    if (!order) throw notFound('No such order');
    return order;
  }

  /** The required time range of an order list: real times, in order, at most ORDER_RANGE_MAX_DAYS days. */
  function checkedRange(range: readonly string[] | undefined): { from: Date; to: Date } {
    const [first, last = first] = range ?? [];
    if (!first || !last) throw invalidField('createTime', 'a time range is required', 'required');
    const from = parseWireTime(first, false);
    const to = parseWireTime(last, true);
    if (!from || !to) {
      throw invalidField(
        'createTime',
        `"${from ? last : first}" is not a real date and time (yyyy-MM-dd HH:mm:ss)`,
        'format',
      );
    }
    if (to <= from) throw invalidField('createTime', 'the end must not be before the start');
    if (to.getTime() - from.getTime() > ORDER_RANGE_MAX_DAYS * 86_400_000) {
      throw invalidField('createTime', `covers at most ${ORDER_RANGE_MAX_DAYS} days`, 'too_large', {
        limit: ORDER_RANGE_MAX_DAYS,
      });
    }
    return { from, to };
  }

  async function visibleOrder(principal: Principal, orderNo: string): Promise<OrderRow> {
    const { from, to } = daysOfOrderNo(orderNo);
    const order = await repo.byOrderNo(db, orderNo, from, to);
    if (!order) throw notFound(`No order ${orderNo}`);
    const agent = await agentById(db, order.agentId);
    if (!agent || !inScope(principal, agent.deptId)) throw notFound(`No order ${orderNo}`);
    return order;
  }

  return {
    /**
     * A sale the machine begins: priced by its policy, discounted, and numbered. The same
     * machine number again answers the order it already made (`created: false`).
     */
    async createFromMachine(
      machine: SellingMachine,
      input: GatewayOrderInput,
    ): Promise<{ order: GatewayOrder; created: boolean }> {
      const known = await repo.keyOf(db, machine.id, input.machineOrderNo);
      if (known) {
        const order = await repo.order(db, known);
        if (order) return { order: gatewayDto(order), created: false };
      }
      // The machine's state table decides; the gateway answers machines with their own code.
      if (!allows(MACHINE_STATE_MACHINE, machine.lifecycle as Lifecycle, 'SELL') || machine.agentId === null) {
        throw new HttpError(
          403,
          `Machine ${machine.serialNo} is ${machine.lifecycle}: it takes no orders`,
          'MACHINE_UNAVAILABLE',
        );
      }
      const agentId = machine.agentId;
      const createTime = machineTime('createdAt', input.createdAt);
      const prices = await policies.pricesFor(machine);
      if (!prices) {
        throw new HttpError(409, `No price policy covers machine ${machine.serialNo}: it cannot sell`, 'RULE_VIOLATED');
      }
      const [agent, path] = await Promise.all([agentById(db, agentId), paths.of(agentId)]);
      const heldAgentIds = await frozenAmong(db, path);
      const memberKey = input.memberPhone
        ? { phone: input.memberPhone }
        : input.memberOpenid
          ? { openid: input.memberOpenid }
          : undefined;
      if (input.couponCode && !memberKey) {
        throw invalidField(
          'couponCode',
          'a coupon needs the member who holds it (memberPhone or memberOpenid)',
          'required',
        );
      }
      const memberId = memberKey ? await members.memberOf(db, memberKey, agentId) : null;
      const priceOf = (p: Prices) => (memberId !== null && p.memberPrice !== null ? p.memberPrice : p[input.channel]);
      const unitPrice = priceOf(prices);
      // Coupons are valued at the platform's own price, never at one an agent sets.
      const platformPrices = input.couponCode ? await policies.platformPricesFor(machine) : null;
      const listAmount = amountOf(unitPrice, input.requestedMl);
      const discountAmount = Math.min(listAmount, percentOf(listAmount, prices.discountPct));
      const now = clock.now();

      const made = await repo.withPartition(db, createTime, () =>
        db.transaction(async (tx) => {
          const id = await repo.nextOrderId(tx);
          const claimed = await repo.claimKey(tx, {
            machineId: machine.id,
            machineOrderNo: input.machineOrderNo,
            orderId: id,
            orderTime: createTime,
          });
          if (!claimed) return undefined;
          const orderNo = orderNumber(createTime, id);
          const base = listAmount - discountAmount;
          const coupon =
            input.couponCode && memberId !== null
              ? await coupons.lockForOrder(
                  tx,
                  input.couponCode,
                  memberId,
                  { ...machine, agentId },
                  {
                    id,
                    orderNo,
                    createTime,
                    base,
                    unitPrice: platformPrices ? priceOf(platformPrices) : unitPrice,
                    requestedMl: input.requestedMl,
                  },
                )
              : undefined;
          const couponAmount = coupon?.amount ?? 0;
          const order = {
            id,
            orderNo,
            machineId: machine.id,
            machineOrderNo: input.machineOrderNo,
            siteId: machine.siteId,
            agentId,
            agentPath: pathText(path),
            commissionRate: agent?.commissionRate ?? '0.00',
            heldAgentIds,
            memberId,
            channel: input.channel,
            tap: input.tap,
            waterType: input.waterType,
            unitPrice,
            policyId: prices.policyId,
            requestedMl: input.requestedMl,
            listAmount,
            discountAmount,
            couponId: coupon?.couponId ?? null,
            couponAmount,
            payable: Math.max(0, base - couponAmount),
            state: 'CREATED',
            createTime,
            receivedTime: now,
            updateTime: now,
          };
          const made = await repo.insertOrder(tx, order);
          await sale.emit(tx, { type: 'CREATED', order: made });
          // A coupon that covers the whole sale leaves nothing to pay: the order is paid at once.
          return made.payable === 0 ? markPaid(tx, made, 0, null, createTime) : made;
        }),
      );
      if (made) return { order: gatewayDto(made), created: true };
      // Another request with the same number won the race: answer its order.
      const key = await keyOf(machine, input.machineOrderNo);
      return { order: gatewayDto((await repo.order(db, key)) as OrderRecord), created: false };
    },

    async machineOrder(machine: SellingMachine, machineOrderNo: string): Promise<GatewayOrder> {
      const key = await keyOf(machine, machineOrderNo);
      return gatewayDto((await repo.order(db, key)) as OrderRecord);
    },

    /** The machine took a card or coins for its order: paid once, whatever it repeats. */
    async payByMachine(
      machine: SellingMachine,
      machineOrderNo: string,
      input: GatewayPaymentInput,
    ): Promise<GatewayOrder> {
      const paidAt = machineTime('paidAt', input.paidAt);
      const order = await db.transaction(async (tx) => {
        const order = await lockedMachineOrder(tx, machine, machineOrderNo);
        if (order.state !== 'CREATED' && order.state !== 'CLOSED') return order;
        if (order.channel !== input.channel) {
          throw invalidField('channel', `the order was made for ${order.channel}, not ${input.channel}`);
        }
        if (input.amount !== order.payable) {
          throw invalidField('amount', `must be the payable amount, ${order.payable} fen`);
        }
        checkedPaidAt(order, paidAt);
        const ref = input.reference ?? null;
        if (order.state === 'CLOSED') return latePayment(tx, order, input.amount, ref, paidAt);
        return markPaid(tx, order, input.amount, ref, paidAt);
      });
      return gatewayDto(order);
    },

    /** A channel's notification that a consumer paid (WeChat, Alipay); the same notification twice pays once. */
    async payByChannel(channel: Channel, input: ChannelNotification): Promise<{ orderNo: string; state: OrderState }> {
      const { from, to } = daysOfOrderNo(input.orderNo);
      const found = await repo.byOrderNo(db, input.orderNo, from, to);
      if (!found) throw notFound(`No order ${input.orderNo}`);
      if (found.channel !== channel)
        throw invalidField('orderNo', `the order is paid by ${found.channel}, not ${channel}`);
      const paidAt = machineTime('paidAt', input.paidAt);
      const order = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, { id: found.id, time: found.createTime });
        if (order.state !== 'CREATED' && order.state !== 'CLOSED') {
          if (order.payRef !== input.transactionId) {
            throw stateConflict(
              `Order ${order.orderNo} was already paid by transaction ${order.payRef}`,
              order.state,
              'PAY',
            );
          }
          return order;
        }
        if (input.amount !== order.payable) {
          throw invalidField('amount', `must be the payable amount, ${order.payable} fen`);
        }
        checkedPaidAt(order, paidAt);
        if (order.state === 'CLOSED') return latePayment(tx, order, input.amount, input.transactionId, paidAt);
        return markPaid(tx, order, input.amount, input.transactionId, paidAt);
      });
      return { orderNo: order.orderNo, state: order.state as OrderState };
    },

    /**
     * What the machine dispensed: started, completed (a short fill refunds what was not
     * delivered) or failed (the payment goes back). A result repeated changes nothing.
     */
    async dispense(
      machine: SellingMachine,
      machineOrderNo: string,
      input: GatewayDispenseInput,
    ): Promise<GatewayOrder> {
      const endedAt = machineTime('endedAt', input.endedAt);
      const order = await db.transaction(async (tx) => {
        const order = await lockedMachineOrder(tx, machine, machineOrderNo);
        const key = { id: order.id, time: order.createTime };
        const state = order.state as OrderState;
        const event = DISPENSE_EVENTS[input.result];
        if (state === 'CREATED' || state === 'CLOSED') {
          throw stateConflict(`Order ${order.orderNo} is ${state}: it was not paid`, state, event);
        }
        if (event === 'START_DISPENSE') {
          // A start reported again, or after the end, changes nothing.
          if (state !== 'PAID') return order;
          const dispensing = moveBy(ORDER_STATE_MACHINE, state, event);
          await repo.updateOrder(tx, key, { state: dispensing, updateTime: clock.now() });
          return { ...order, state: dispensing };
        }
        if (state !== 'PAID' && state !== 'DISPENSING') {
          // The end reported again answers the order as it is; a contrary report is refused.
          const failedAlready = ['DISPENSE_FAILED', 'REFUNDING'].includes(state);
          const same = (event === 'FAIL_DISPENSE') === failedAlready || state === 'REFUNDED';
          if (!same) throw stateConflict(`Order ${order.orderNo} was already reported ${state}`, state, event);
          return order;
        }
        const now = clock.now();
        if (event === 'FAIL_DISPENSE') {
          const failedState = moveBy(ORDER_STATE_MACHINE, state, event, {
            to: order.paid > 0 ? 'REFUNDING' : 'REFUNDED',
          });
          const dispensedMl = input.dispensedMl ?? 0;
          await repo.updateOrder(tx, key, {
            state: failedState,
            dispensedMl,
            dispenseEndTime: endedAt,
            updateTime: now,
          });
          const failed = { ...order, state: failedState, dispensedMl, dispenseEndTime: endedAt };
          await sale.emit(tx, { type: 'DISPENSED', order: failed, dispensedMl, failed: true, at: endedAt });
          return automaticRefund(tx, failed, order.paid, 'DISPENSE_FAILED');
        }
        const completedState = moveBy(ORDER_STATE_MACHINE, state, event);
        const dispensedMl = Math.min(input.dispensedMl ?? order.requestedMl, order.requestedMl);
        await repo.updateOrder(tx, key, {
          state: completedState,
          dispensedMl,
          dispenseEndTime: endedAt,
          updateTime: now,
        });
        const completed = { ...order, state: completedState, dispensedMl, dispenseEndTime: endedAt };
        await sale.emit(tx, { type: 'DISPENSED', order: completed, dispensedMl, failed: false, at: endedAt });
        const shortBy = order.paid - shareOf(order.paid, dispensedMl, order.requestedMl);
        return automaticRefund(tx, completed, shortBy, 'SHORT_FILL');
      });
      return gatewayDto(order);
    },

    /** Closes the orders left unpaid past the pay timeout; answers how many. */
    async closeUnpaid(): Promise<number> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const close = ORDER_STATE_MACHINE.events.CLOSE;
        const move = { from: close.from, to: moveBy(ORDER_STATE_MACHINE, 'CREATED', 'CLOSE') };
        const closed = await repo.closeUnpaid(tx, move, new Date(now.getTime() - payTimeoutMs), now);
        if (closed.length > 0) await sale.emit(tx, { type: 'CLOSED', orders: closed, at: now });
        return closed.length;
      });
    },

    async list(principal: Principal, query: OrderQuery): Promise<PageOf<Order>> {
      const range = checkedRange(query.createTime);
      const agentIds = await agentIdsInScope(db, principal.scope);
      const page = await repo.page(db, agentIds, range, query, toPaging(query, orderSortable, orderOrder));
      return { content: page.content.map(orderDto), totalElements: page.totalElements };
    },

    /** The orders as a workbook at once; beyond EXPORT_SYNC_MAX rows, the caller is sent to the background export. */
    async exportSheet(principal: Principal, filter: Omit<OrderQuery, 'page' | 'size'>): Promise<Sheet<OrderRow>> {
      const range = checkedRange(filter.createTime);
      const agentIds = await agentIdsInScope(db, principal.scope);
      const total = await repo.count(db, agentIds, range, filter);
      if (total > EXPORT_SYNC_MAX) {
        throw badRequest(
          `${total} orders match: more than ${EXPORT_SYNC_MAX} are exported in the background (POST api/orders/exports)`,
          'EXPORT_TOO_LARGE',
        );
      }
      const { content } = await repo.page(
        db,
        agentIds,
        range,
        filter,
        toPaging({ sort: filter.sort }, orderSortable, orderOrder),
      );
      return { ...ORDER_SHEET, rows: content };
    },

    /** Starts a background export of up to EXPORT_MAX_ROWS orders, oldest first, read a batch at a time. */
    async exportInBackground(principal: Principal, filter: Omit<OrderQuery, 'page' | 'size'>): Promise<ExportJob> {
      const range = checkedRange(filter.createTime);
      const agentIds = await agentIdsInScope(db, principal.scope);
      const total = await repo.count(db, agentIds, range, filter);
      if (total > EXPORT_MAX_ROWS) {
        throw invalidField(
          'createTime',
          `${total} orders match: narrow the range to at most ${EXPORT_MAX_ROWS}`,
          'too_large',
          {
            limit: EXPORT_MAX_ROWS,
          },
        );
      }
      return exports.start(principal, {
        kind: 'orders',
        sheet: ORDER_SHEET,
        batches: async function* () {
          let after: OrderKey | null = null;
          let left = EXPORT_MAX_ROWS;
          while (left > 0) {
            const batch = await repo.batchAfter(db, agentIds, range, filter, after, Math.min(5000, left));
            if (batch.length === 0) return;
            yield batch;
            left -= batch.length;
            const last = batch[batch.length - 1] as OrderRow;
            after = { id: last.id, time: last.createTime };
          }
        },
      });
    },

    async detail(principal: Principal, orderNo: string): Promise<OrderDetail> {
      const order = await visibleOrder(principal, orderNo);
      const [refunds, platformFunded] = await Promise.all([
        repo.refundsOf(db, order.id),
        coupons.platformFunded(order),
      ]);
      const base = commissionBase(order, platformFunded);
      const pending = refunds.filter((refund) => refund.status === 'PENDING').reduce((sum, r) => sum + r.amount, 0);
      return {
        ...orderDto(order),
        refunds: refunds.map(refundDto),
        commission: { base, amount: percentOf(base, order.commissionRate), heldAgentIds: order.heldAgentIds },
        refundable: allows(ORDER_STATE_MACHINE, order.state as OrderState, 'REQUEST_REFUND')
          ? Math.max(0, order.paid - order.refunded - pending)
          : 0,
      };
    },

    /**
     * Staff ask for a refund of a completed order. It waits for a second person's review, unless
     * it is at most the amount global settings let go back without one and the money goes back at
     * once (card, coins).
     */
    async requestRefund(principal: Principal, orderNo: string, input: RefundRequestInput): Promise<Refund> {
      const note = input.note.trim();
      if (!note) throw invalidField('note', 'say why the money goes back', 'required');
      const found = await visibleOrder(principal, orderNo);
      const reviewAbove = await refundReviewAbove();
      const refund = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, { id: found.id, time: found.createTime });
        moveBy(ORDER_STATE_MACHINE, order.state as OrderState, 'REQUEST_REFUND', {
          message: `Order ${orderNo} is ${order.state}: only a completed order is refunded by staff`,
        });
        const left = order.paid - order.refunded - (await repo.pendingRefunds(tx, order.id));
        if (input.amount > left) {
          throw invalidField('amount', `at most ${yuanText(left)} yuan is left to refund`, 'too_large', {
            limit: left,
          });
        }
        const refund = await addRefund(tx, order, input.amount, input.reason, principal.username, note);
        if (input.amount <= reviewAbove && IMMEDIATE_REFUNDS.includes(order.channel)) {
          await refundSucceeded(tx, order, refund, 'SETTLE', principal.username, null);
        }
        return refund;
      });
      const [row] = (await repo.refundsOf(db, found.id)).filter((r) => r.id === refund.id);
      return refundDto(row as RefundRow);
    },

    async refunds(principal: Principal, query: RefundQuery): Promise<PageOf<Refund>> {
      const range = query.createTime ? checkedRange(query.createTime) : undefined;
      const agentIds = await agentIdsInScope(db, principal.scope);
      const page = await repo.refundPage(db, agentIds, range, query, toPaging(query, refundSortable, refundOrder));
      return { content: page.content.map(refundDto), totalElements: page.totalElements };
    },

    /**
     * Approves a refund (a card's or coins' goes back at once; a channel's needs the channel's
     * reference of the money sent back) or rejects it.
     */
    async review(principal: Principal, refundId: number, input: RefundReviewInput): Promise<void> {
      const found = await repo.refund(db, refundId);
      if (!found || !inScope(principal, found.deptId)) throw notFound(`No refund with id ${refundId}`);
      if (input.action === 'APPROVE' && !IMMEDIATE_REFUNDS.includes(found.channel) && !input.channelRef) {
        throw invalidField('channelRef', `give the ${found.channel} reference of the money sent back`, 'required');
      }
      if (found.createBy !== null && found.createBy === principal.username) {
        throw forbidden('You asked for this refund: another person reviews it', 'FORBIDDEN');
      }
      await db.transaction(async (tx) => {
        const refund = await repo.refund(tx, refundId, true);
        if (!refund) throw notFound(`No refund with id ${refundId}`);
        const reviewed = `Refund ${found.refundNo} is ${refund.status}: it was reviewed already`;
        const order = await lockedOrder(tx, { id: refund.orderId, time: refund.orderTime });
        if (input.action === 'REJECT') {
          const status = moveBy(REFUND_STATE_MACHINE, refund.status as RefundStatus, 'REJECT', { message: reviewed });
          const note = input.note?.trim();
          if (!note) throw invalidField('note', 'say why the refund is rejected', 'required');
          await repo.updateRefund(tx, refund.id, {
            status,
            reviewedBy: principal.username,
            doneTime: clock.now(),
            note: refund.note ? `${refund.note} / ${note}` : note,
          });
          if (allows(ORDER_STATE_MACHINE, order.state as OrderState, 'REJECT_REFUND')) {
            const state = moveBy(ORDER_STATE_MACHINE, order.state as OrderState, 'REJECT_REFUND');
            await repo.updateOrder(tx, { id: order.id, time: order.createTime }, { state });
          }
          return;
        }
        await refundSucceeded(tx, order, refund, 'APPROVE', principal.username, input.channelRef ?? null);
      });
    },
  };
}
