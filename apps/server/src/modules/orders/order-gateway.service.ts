import type {
  ChannelNotification,
  GatewayDispenseInput,
  GatewayOrder,
  GatewayOrderInput,
  GatewayPaymentInput,
} from '@water/contract/gateway';
import { MACHINE_STATE_MACHINE } from '@water/contract/machines';
import { asFen, type Fen } from '@water/contract/money';
import { type Channel, ORDER_STATE_MACHINE, type OrderState } from '@water/contract/orders';
import { allows } from '@water/contract/state-machine';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, invalidField, notFound, stateConflict } from '../../lib/http-errors.ts';
import { moveBy } from '../../lib/state.ts';
import { type AgentPaths, pathTerms, pathText } from '../agents/agent-directory.ts';
import { type CardPayments, paymentCard } from '../cards/card-payments.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { PricePoliciesService } from '../price-policies/price-policies.service.ts';
import { checkedPaidAt, machineTime } from './machine-times.ts';
import { daysOfOrderNo, gatewayDto, orderNumber } from './order-answers.ts';
import type { SettleCommission } from './order-commission.ts';
import { orderDispensing } from './order-dispensing.ts';
import { withPartition } from './order-partitions.ts';
import { type Payer, withPayer } from './order-payer.ts';
import { createOrderPricing } from './order-pricing.ts';
import { IMMEDIATE_REFUNDS, type Refunding } from './order-refunding.ts';
import { type OrderKey, type OrderRecord, ordersRepository as repo } from './orders.repository.ts';
import type { SalePayment as Payment, SaleEvents } from './sale-events.ts';

/** A machine as the gateway authenticated it. */
export interface SellingMachine {
  id: number;
  serialNo: string;
  modelId: number;
  agentId: number | null;
  siteId: number | null;
  lifecycle: string;
}

type OrderPaid = { orderNo: string; state: OrderState };

/**
 * Sales as machines and payment channels report them through the gateway: an order made,
 * priced and numbered; paid (once, whatever is repeated; a payment for an order closed meanwhile
 * goes back); dispensed, a failure or a short fill refunding what was not delivered; and closed
 * when left unpaid. Each step raises its sale event in the step's transaction.
 */
export function createOrderGatewayService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    policies,
    coupons,
    paths,
    payTimeoutMs,
    members,
    sale,
    refunding,
    settleCommission,
    cards,
  }: {
    policies: PricePoliciesService;
    coupons: CouponsService;
    paths: AgentPaths;
    payTimeoutMs: number;
    sale: SaleEvents;
    members: MembersService;
    refunding: Refunding;
    settleCommission: SettleCommission;
    cards: Pick<CardPayments, 'verify'>;
  },
) {
  const { automaticRefund, lockedOrder, channelRefunds } = refunding;
  const pricing = createOrderPricing({ policies, coupons });
  const { priced } = pricing;
  const dispensed = orderDispensing({ clock, sale, automaticRefund });
  /** Who is told, once its transaction committed, that an order was paid (the public page's dispense). */
  const paidListeners: ((order: OrderRecord) => Promise<void>)[] = [];
  async function announcePaid(order: OrderRecord | undefined): Promise<void> {
    if (!order) return;
    for (const listener of paidListeners) await listener(order);
  }

  async function keyOf(machine: SellingMachine, machineOrderNo: string): Promise<OrderKey> {
    const key = await repo.keyOf(db, machine.id, machineOrderNo);
    if (!key) throw notFound(`No order ${machineOrderNo} of machine ${machine.serialNo}`);
    return key;
  }

  /**
   * Money arrived for an order closed unpaid meanwhile: the payment is recorded and goes back
   * (at once for a card or coins, through finance for a channel); the order stays closed and its
   * coupon, given back when it closed, stays with its member. The same payment again changes nothing.
   */
  async function latePayment(tx: typeof db, order: OrderRecord, amount: Fen, { ref, at, card }: Payment) {
    moveBy(ORDER_STATE_MACHINE, order.state, 'PAY_LATE');
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
    const changes = { paid: amount, payRef: ref, paidTime: at, updateTime: clock.now() };
    const paid = { ...order, ...changes };
    const commission = await settleCommission(tx, paid, changes);
    await sale.emit(tx, { type: 'PAID', order: paid, amount, at, late: true, commission, card });
    return automaticRefund(tx, paid, amount, 'ORDER_CLOSED');
  }

  /** Marks an order paid (once); the roll-ups, the member, the coupon and the card follow its event. */
  async function markPaid(tx: typeof db, order: OrderRecord, amount: Fen, { ref, at, card }: Payment) {
    const now = clock.now();
    const state = moveBy(ORDER_STATE_MACHINE, order.state, 'PAY');
    const changes = { state, paid: amount, payRef: ref, paidTime: at, updateTime: now };
    const paid = { ...order, ...changes };
    const commission = await settleCommission(tx, paid, changes);
    await sale.emit(tx, { type: 'PAID', order: paid, amount, at, late: false, commission, card });
    return paid;
  }

  /** An agent's path and its agents' terms now. */
  async function termsOf(agentId: number) {
    const path = await paths.of(agentId);
    return { path, ...(await pathTerms(db, path)) };
  }

  /** A machine's order by its own number, locked for a change. */
  async function lockedMachineOrder(tx: typeof db, machine: SellingMachine, machineOrderNo: string) {
    const order = await repo.lockedByMachineNo(tx, machine.id, machineOrderNo);
    if (!order) throw notFound(`No order ${machineOrderNo} of machine ${machine.serialNo}`);
    return order;
  }

  return {
    /** Tells `listener` of every order paid, once its payment committed. */
    onPaid(listener: (order: OrderRecord) => Promise<void>): void {
      paidListeners.push(listener);
    },

    quote: pricing.quote,

    /**
     * A sale the machine begins: priced by its policy, discounted, and numbered. The same
     * machine number again answers the order it already made (`created: false`).
     */
    async createFromMachine(
      machine: SellingMachine,
      input: GatewayOrderInput,
      /** What must hold before anything is answered (a machine in maintenance takes no orders), checked beside the reads. */
      admitted: Promise<void> = Promise.resolve(),
    ): Promise<{ order: GatewayOrder; created: boolean }> {
      // The machine's state table decides; the gateway answers machines with their own code.
      // The agent it sells for, when it may sell.
      const agentId = allows(MACHINE_STATE_MACHINE, machine.lifecycle, 'SELL') ? machine.agentId : null;
      // What the sale needs is read beside the admission, each read waiting on the database on its
      // own; the admission's refusal is answered first, whatever the reads meet.
      const reads = Promise.all([
        repo.keyOf(db, machine.id, input.machineOrderNo),
        agentId === null ? undefined : termsOf(agentId),
      ]);
      reads.catch(() => undefined);
      await admitted;
      const [known, terms] = await reads;
      if (known) {
        const order = await repo.order(db, known);
        if (order) return { order: gatewayDto(order), created: false };
      }
      if (agentId === null || !terms) {
        throw new HttpError(
          403,
          `Machine ${machine.serialNo} is ${machine.lifecycle}: it takes no orders`,
          'MACHINE_UNAVAILABLE',
        );
      }
      const { path, rates: pathRates, held: heldAgentIds } = terms;
      const createTime = machineTime(clock.now(), 'createdAt', input.createdAt);
      const memberKey = input.memberPhone
        ? { phone: input.memberPhone }
        : input.memberOpenid
          ? { openid: input.memberOpenid }
          : undefined;
      const { prices, priceOf, unitPrice, listAmount, discountAmount } = await priced(
        machine,
        input.channel,
        input.requestedMl,
        memberKey !== undefined,
      );
      if (input.couponCode && !memberKey) {
        throw invalidField(
          'couponCode',
          'a coupon needs the member who holds it (memberPhone or memberOpenid)',
          'required',
        );
      }
      const memberId = memberKey ? await members.memberOf(db, memberKey, agentId, createTime) : null;
      // Coupons are valued at the platform's own price, never at one an agent sets.
      const platformPrices = input.couponCode ? await policies.platformPricesFor(machine) : null;
      const now = clock.now();
      let paidAtOnce: OrderRecord | undefined;

      const made = await withPartition(db, createTime, () =>
        db.transaction(async (tx) => {
          const id = await repo.claimKey(tx, {
            machineId: machine.id,
            machineOrderNo: input.machineOrderNo,
            orderTime: createTime,
          });
          if (id === undefined) return undefined;
          const orderNo = orderNumber(createTime, id);
          const base = asFen(listAmount - discountAmount);
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
          const couponAmount = coupon?.amount ?? asFen(0);
          const order = {
            id,
            orderNo,
            machineId: machine.id,
            machineOrderNo: input.machineOrderNo,
            siteId: machine.siteId,
            agentId,
            agentPath: pathText(path),
            // The path ends with the selling agent: its rate is the last.
            commissionRate: pathRates.at(-1) ?? '0.00',
            pathRates,
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
            payable: asFen(Math.max(0, base - couponAmount)),
            state: 'CREATED' as const,
            createTime,
            receivedTime: now,
            updateTime: now,
          };
          const made = await repo.insertOrder(tx, order);
          await sale.emit(tx, { type: 'CREATED', order: made });
          // A coupon that covers the whole sale leaves nothing to pay: the order is paid at once.
          if (made.payable > 0) return made;
          paidAtOnce = await markPaid(tx, made, asFen(0), { ref: null, at: createTime });
          return paidAtOnce;
        }),
      );
      await announcePaid(paidAtOnce);
      if (made) return { order: gatewayDto(made), created: true };
      // Another request with the same number won the race: answer its order.
      const key = await keyOf(machine, input.machineOrderNo);
      return { order: gatewayDto((await repo.order(db, key)) as OrderRecord), created: false };
    },

    async machineOrder(machine: SellingMachine, machineOrderNo: string): Promise<GatewayOrder> {
      const key = await keyOf(machine, machineOrderNo);
      return gatewayDto((await repo.order(db, key)) as OrderRecord);
    },

    /** The machine took a card (debited in the same transaction) or coins for its order: paid once, whatever it repeats. */
    async payByMachine(
      machine: SellingMachine,
      machineOrderNo: string,
      input: GatewayPaymentInput,
    ): Promise<GatewayOrder> {
      const paidAt = machineTime(clock.now(), 'paidAt', input.paidAt);
      const card = paymentCard(input);
      if (card) await cards.verify(card);
      let paidNow: OrderRecord | undefined;
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
        const payment = { ref: card?.cardNo ?? input.reference ?? null, at: paidAt, card };
        if (order.state === 'CLOSED') return latePayment(tx, order, input.amount, payment);
        paidNow = await markPaid(tx, order, input.amount, payment);
        return paidNow;
      });
      await announcePaid(paidNow);
      return gatewayDto(order);
    },

    /** A channel's notification that a consumer paid (WeChat, Alipay, by `payer` when known); twice pays once. */
    async payByChannel(channel: Channel, input: ChannelNotification, payer?: Payer): Promise<OrderPaid> {
      const { from, to } = daysOfOrderNo(input.orderNo);
      const found = await repo.byOrderNo(db, input.orderNo, from, to);
      if (!found) throw notFound(`No order ${input.orderNo}`);
      if (found.channel !== channel)
        throw invalidField('orderNo', `the order is paid by ${found.channel}, not ${channel}`);
      const paidAt = machineTime(clock.now(), 'paidAt', input.paidAt);
      let paidNow: OrderRecord | undefined;
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
        const payment = { ref: input.transactionId, at: paidAt };
        const paying = payer && order.memberId === null ? await withPayer(tx, members, order, payer) : order;
        if (paying.state === 'CLOSED') return latePayment(tx, paying, input.amount, payment);
        paidNow = await markPaid(tx, paying, input.amount, payment);
        return paidNow;
      });
      await announcePaid(paidNow);
      return { orderNo: order.orderNo, state: order.state };
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
      const endedAt = machineTime(clock.now(), 'endedAt', input.endedAt);
      const order = await db.transaction(async (tx) => {
        const order = await lockedMachineOrder(tx, machine, machineOrderNo);
        return dispensed(tx, order, input, endedAt);
      });
      // A failure's or short fill's refund may have been handed to the channel's driver (coins and
      // cards are paid back at once, never through one).
      if (order.state !== 'CREATED' && !IMMEDIATE_REFUNDS.includes(order.channel)) channelRefunds.sent();
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
  };
}
