import type { PageOf } from '@water/contract/common';
import { EXPORT_MAX_ROWS, EXPORT_SYNC_MAX, type ExportJob } from '@water/contract/exports';
import type {
  ChannelNotification,
  GatewayDispenseInput,
  GatewayOrder,
  GatewayOrderInput,
  GatewayPaymentInput,
} from '@water/contract/gateway';
import {
  type Channel,
  ORDER_RANGE_MAX_DAYS,
  type Order,
  type OrderDetail,
  type OrderQuery,
  type OrderState,
  type Refund,
  type RefundQuery,
  type RefundReason,
  type RefundRequestInput,
  type RefundReviewInput,
} from '@water/contract/orders';
import dayjs from 'dayjs';
import { type AgentPaths, agentById, agentIdsInScope, pathText } from '../../lib/agents.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, HttpError, invalidField, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { amountOf, percentOf, shareOf } from '../../lib/money.ts';
import { inScope, type Principal } from '../../lib/principal.ts';
import { formatDateTime, formatDay, parseWireTime } from '../../lib/time.ts';
import type { Sheet } from '../../lib/xlsx.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { ExportsService } from '../exports/exports.service.ts';
import { membersRepository } from '../members/members.repository.ts';
import { maskPhone, memberFigures } from '../members/members.service.ts';
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

/** Channels whose money goes back at once (the card is credited, the coins are paid out). */
const IMMEDIATE_REFUNDS: readonly string[] = ['CARD', 'COIN'];

const stateConflict = (message: string) => new HttpError(409, message, 'STATE_CONFLICT');

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
  }: {
    policies: PricePoliciesService;
    coupons: CouponsService;
    exports: ExportsService;
    paths: AgentPaths;
    payTimeoutMs: number;
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

  const hourOf = (time: Date) => new Date(Math.floor(time.getTime() / 3_600_000) * 3_600_000);
  const salesAt = (order: OrderRecord, time: Date) => ({
    hour: hourOf(time),
    day: formatDay(time),
    machineId: order.machineId,
    siteId: order.siteId,
    agentId: order.agentId,
    channel: order.channel,
  });

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

  /** A refund succeeded: the order's refunded amount and state, and the roll-ups, follow. */
  async function refundSucceeded(
    tx: typeof db,
    order: OrderRecord,
    refund: RefundRecord,
    by: string | null,
    ref: string | null,
  ) {
    const now = clock.now();
    await repo.updateRefund(tx, refund.id, { status: 'SUCCESS', doneTime: now, reviewedBy: by, channelRef: ref });
    const refunded = order.refunded + refund.amount;
    const state = refunded >= order.paid ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    await repo.updateOrder(tx, { id: order.id, time: order.createTime }, { refunded, state, updateTime: now });
    await repo.addSales(tx, { ...salesAt(order, now), refunded: refund.amount });
    if (state === 'REFUNDED') await coupons.giveBack(tx, [order.id]);
    if (order.memberId !== null) await memberFigures.subtractRefund(tx, order.memberId, order.agentId, refund.amount);
    return { ...order, refunded, state };
  }

  /** A refund the server makes itself (failed or short dispense). */
  async function automaticRefund(tx: typeof db, order: OrderRecord, amount: number, reason: RefundReason) {
    if (amount <= 0) return order;
    const refund = await addRefund(tx, order, amount, reason, null, null);
    if (!IMMEDIATE_REFUNDS.includes(order.channel)) return order;
    return refundSucceeded(tx, order, refund, null, null);
  }

  /** Marks an order paid (once) and counts it in the roll-ups. */
  async function markPaid(tx: typeof db, order: OrderRecord, amount: number, ref: string | null, at: Date) {
    const now = clock.now();
    await repo.updateOrder(
      tx,
      { id: order.id, time: order.createTime },
      { state: 'PAID', paid: amount, payRef: ref, paidTime: at, closeTime: null, updateTime: now },
    );
    await repo.addSales(tx, {
      ...salesAt(order, at),
      orders: 1,
      paid: amount,
      discount: order.discountAmount,
      coupon: order.couponAmount,
    });
    await coupons.used(tx, order);
    if (order.memberId !== null && (await memberFigures.addPaid(tx, order.memberId, order.agentId, amount, at)) === 1) {
      await coupons.giftFirstOrder(tx, order.memberId, order.machineId);
    }
    return { ...order, state: 'PAID', paid: amount, payRef: ref, paidTime: at };
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
      if (machine.lifecycle !== 'OPERATING' || machine.agentId === null) {
        throw new HttpError(
          403,
          `Machine ${machine.serialNo} is ${machine.lifecycle}: it takes no orders`,
          'MACHINE_UNAVAILABLE',
        );
      }
      const agentId = machine.agentId;
      const createTime = machineTime('createdAt', input.createdAt);
      const prices = await policies.pricesFor(machine);
      if (!prices) throw stateConflict(`No price policy covers machine ${machine.serialNo}: it cannot sell`);
      const [agent, path] = await Promise.all([agentById(db, agentId), paths.of(agentId)]);
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
      const memberId = memberKey ? await membersRepository.memberOf(db, memberKey, agentId) : null;
      const unitPrice = memberId !== null && prices.memberPrice !== null ? prices.memberPrice : prices[input.channel];
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
                    unitPrice,
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
        // A late report of money taken revives an order closed meanwhile: no payment is lost.
        return markPaid(tx, order, input.amount, input.reference ?? null, paidAt);
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
            throw stateConflict(`Order ${order.orderNo} was already paid by transaction ${order.payRef}`);
          }
          return order;
        }
        if (input.amount !== order.payable) {
          throw invalidField('amount', `must be the payable amount, ${order.payable} fen`);
        }
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
        const settled = !['CREATED', 'CLOSED', 'PAID', 'DISPENSING'].includes(order.state);
        if (order.state === 'CREATED' || order.state === 'CLOSED') {
          throw stateConflict(`Order ${order.orderNo} is ${order.state}: it was not paid`);
        }
        if (input.result === 'STARTED') {
          if (order.state !== 'PAID') return order;
          await repo.updateOrder(tx, key, { state: 'DISPENSING', updateTime: clock.now() });
          return { ...order, state: 'DISPENSING' };
        }
        if (settled) {
          const failedAlready = ['DISPENSE_FAILED', 'REFUNDING'].includes(order.state);
          const same = (input.result === 'FAILED') === failedAlready || order.state === 'REFUNDED';
          if (!same) throw stateConflict(`Order ${order.orderNo} was already reported ${order.state}`);
          return order;
        }
        const now = clock.now();
        if (input.result === 'FAILED') {
          const failed = {
            ...order,
            state: 'DISPENSE_FAILED',
            dispensedMl: input.dispensedMl ?? 0,
            dispenseEndTime: endedAt,
          };
          await repo.updateOrder(tx, key, {
            state: order.paid > 0 ? 'REFUNDING' : 'REFUNDED',
            dispensedMl: failed.dispensedMl,
            dispenseEndTime: endedAt,
            updateTime: now,
          });
          await repo.addSales(tx, { ...salesAt(order, order.paidTime ?? endedAt), dispensedMl: failed.dispensedMl });
          const refunding = { ...failed, state: order.paid > 0 ? 'REFUNDING' : 'REFUNDED' };
          if (order.paid === 0) await coupons.giveBack(tx, [order.id]);
          return automaticRefund(tx, refunding, order.paid, 'DISPENSE_FAILED');
        }
        const dispensedMl = Math.min(input.dispensedMl ?? order.requestedMl, order.requestedMl);
        await repo.updateOrder(tx, key, { state: 'COMPLETED', dispensedMl, dispenseEndTime: endedAt, updateTime: now });
        await repo.addSales(tx, { ...salesAt(order, order.paidTime ?? endedAt), dispensedMl });
        const completed = { ...order, state: 'COMPLETED', dispensedMl, dispenseEndTime: endedAt };
        const shortBy = order.paid - shareOf(order.paid, dispensedMl, order.requestedMl);
        return automaticRefund(tx, completed, shortBy, 'SHORT_FILL');
      });
      return gatewayDto(order);
    },

    /** Closes the orders left unpaid past the pay timeout; answers how many. */
    async closeUnpaid(): Promise<number> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const closed = await repo.closeUnpaid(tx, new Date(now.getTime() - payTimeoutMs), now);
        await coupons.giveBack(
          tx,
          closed.filter((order) => order.couponId !== null).map((order) => order.id),
        );
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
      const base = order.paid - order.refunded + platformFunded;
      return {
        ...orderDto(order),
        refunds: refunds.map(refundDto),
        commission: { base, amount: percentOf(base, order.commissionRate) },
      };
    },

    /** Staff ask for a refund of a completed order; it waits in the review queue. */
    async requestRefund(principal: Principal, orderNo: string, input: RefundRequestInput): Promise<Refund> {
      const note = input.note.trim();
      if (!note) throw invalidField('note', 'say why the money goes back', 'required');
      const found = await visibleOrder(principal, orderNo);
      const refund = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, { id: found.id, time: found.createTime });
        if (order.state !== 'COMPLETED' && order.state !== 'PARTIALLY_REFUNDED') {
          throw stateConflict(`Order ${orderNo} is ${order.state}: only a completed order is refunded by staff`);
        }
        const left = order.paid - order.refunded - (await repo.pendingRefunds(tx, order.id));
        if (input.amount > left) {
          throw invalidField('amount', `at most ${left} fen is left to refund`, 'too_large', { limit: left });
        }
        return addRefund(tx, order, input.amount, input.reason, principal.username, note);
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
      await db.transaction(async (tx) => {
        const refund = await repo.refund(tx, refundId, true);
        if (refund?.status !== 'PENDING') {
          throw stateConflict(`Refund ${found.refundNo} is ${refund?.status ?? 'gone'}: it was reviewed already`);
        }
        const order = await lockedOrder(tx, { id: refund.orderId, time: refund.orderTime });
        if (input.action === 'REJECT') {
          const note = input.note?.trim();
          if (!note) throw invalidField('note', 'say why the refund is rejected', 'required');
          await repo.updateRefund(tx, refund.id, {
            status: 'FAILED',
            reviewedBy: principal.username,
            doneTime: clock.now(),
            note: refund.note ? `${refund.note} / ${note}` : note,
          });
          if (order.state === 'REFUNDING') {
            await repo.updateOrder(tx, { id: order.id, time: order.createTime }, { state: 'DISPENSE_FAILED' });
          }
          return;
        }
        await refundSucceeded(tx, order, refund, principal.username, input.channelRef ?? null);
      });
    },
  };
}
