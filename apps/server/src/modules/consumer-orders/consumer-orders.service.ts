import { randomBytes, randomUUID } from 'node:crypto';
import type { DispenseParams } from '@water/contract/commands';
import type { Fen } from '@water/contract/money';
import {
  PUBLIC_CHANNELS,
  PublicOrder,
  type PublicOrderCreated,
  type PublicOrderInput,
  type PublicQuote,
  type PublicQuoteInput,
} from '@water/contract/public-orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, invalidField, notFound, stateConflict } from '../../lib/http-errors.ts';
import { wireOf } from '../../lib/wire.ts';
import type { CardPayments } from '../cards/card-payments.ts';
import type { CommandsService } from '../commands/commands.service.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { OrderAccess } from '../orders/order-access.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { PaymentStarter } from '../payments/payment-starter.ts';
import { consumerOrdersRepository as repo } from './consumer-orders.repository.ts';
import { inPageTerms } from './page-refusals.ts';
import { checkedSale, notSelling, notSellingError, type PageMachine } from './page-sale.ts';

/** The consumer signed in on the page by phone, when they are. */
export type Consumer = { phone: string } | undefined;

/** How long a DISPENSE or STOP_DISPENSE command may wait for its machine: a consumer stands there. */
const DISPENSE_TTL_SECONDS = 600;
/** How far back page orders never dispensed are looked for (the sweep runs every minute). */
const UNDISPENSED_LOOKBACK_MS = 24 * 3600 * 1000;
/** Who the command log names as the sender of the page's commands. */
const SENDER = 'public-page';
const noSuchOrder = () => notFound({ key: 'errors.orders.noSuchOrder' });

export type ConsumerOrdersService = ReturnType<typeof createConsumerOrdersService>;

/**
 * Buying water on a machine's public page: quoted and ordered as the machine's own sales are (the
 * orders module prices, numbers and pays them), paid through a channel's driver or a water card,
 * followed and stopped by the phone that holds the order's token; once paid, the machine is told
 * to dispense (DISPENSE), and a "fill until I stop" order is stopped by STOP_DISPENSE and settled
 * by what came out.
 */
export function createConsumerOrdersService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    orders,
    coupons,
    members,
    cards,
    commands,
    payments,
    access,
    log,
  }: {
    orders: OrdersService;
    coupons: CouponsService;
    members: MembersService;
    cards: Pick<CardPayments, 'verify'>;
    commands: CommandsService;
    payments: PaymentStarter;
    access: OrderAccess;
    log: FastifyBaseLogger;
  },
) {
  /** The machine of a sticker code, installed at a site; anything else is not found, with no detail. */
  async function machineOf(code: string): Promise<PageMachine & { agentId: number }> {
    const machine = await repo.machineByCode(db, code);
    const installed = machine && ['OPERATING', 'SUSPENDED'].includes(machine.lifecycle) && machine.siteId !== null;
    if (!machine || !installed || machine.agentId === null) throw notFound();
    return machine as PageMachine & { agentId: number };
  }

  /** The machine, refused unless it sells now. */
  async function sellingMachine(code: string) {
    const machine = await machineOf(code);
    const reason = notSelling(machine, await commands.inMaintenance(machine.id));
    if (reason) throw notSellingError(reason);
    return machine;
  }

  /** The code of the consumer's coupon of that id; refused for someone else's, or without signing in. */
  async function couponCodeOf(couponId: number | undefined, consumer: Consumer) {
    if (couponId === undefined) return undefined;
    if (!consumer) throw invalidField('couponId', { key: 'errors.consumers.signInForCoupon' }, 'required');
    const member = await members.find({ phone: consumer.phone });
    const code = member ? await coupons.codeHeldBy(couponId, member.id) : undefined;
    if (!code) throw invalidField('couponId', { key: 'errors.consumers.couponUnusable' }, 'unknown_reference');
    return { code, memberId: member?.id as number };
  }

  async function quoteOf(code: string, input: PublicQuoteInput, consumer: Consumer) {
    const machine = await sellingMachine(code);
    const requestedMl = checkedSale(machine, input, false);
    const coupon = await couponCodeOf(input.couponId, consumer);
    const quote = await orders.quote(machine, {
      channel: input.channel,
      requestedMl,
      memberPhone: consumer?.phone,
      memberId: coupon?.memberId ?? null,
      couponCode: coupon?.code,
    });
    return { machine, requestedMl, coupon, quote };
  }

  /** Tells the machine to dispense a paid page order, once whatever announces the payment again. */
  async function dispense(
    orderId: number,
    order: { orderNo: string; tap: number; waterType: string; requestedMl: number },
  ) {
    const page = await repo.byOrderId(db, orderId);
    if (!page || !(await repo.claimDispense(db, orderId, clock.now()))) return;
    const machine = await repo.machineById(db, page.machineId);
    if (!machine) return;
    const params: DispenseParams = {
      orderNo: order.orderNo,
      machineOrderNo: page.machineOrderNo,
      tap: order.tap,
      waterType: order.waterType as DispenseParams['waterType'],
      requestedMl: order.requestedMl,
      untilStopped: page.fillUntilStop,
    };
    await commands.server.send(
      'DISPENSE',
      [{ commandId: page.dispenseCommandId, machineId: machine.id, serialNo: machine.serialNo, params: { ...params } }],
      SENDER,
      DISPENSE_TTL_SECONDS,
    );
  }

  orders.onPaid(async (order) => {
    // A sale paid otherwise (coins) was the machine's own: no page order to look for.
    if (!(PUBLIC_CHANNELS as readonly string[]).includes(order.channel)) return;
    try {
      await dispense(order.id, order);
    } catch (error) {
      // The payment stands; the order is refunded if the machine never reports its dispense.
      log.error({ err: error, orderNo: order.orderNo }, 'could not tell the machine to dispense');
    }
  });

  /**
   * Page orders paid whose machine never began to fill them once their DISPENSE could no longer
   * start (its time to live, and a minute more, gone): reported failed, so their payment goes back
   * as for any failed dispense. A consumer who paid is never left without water and without money.
   */
  async function refundUndispensed(): Promise<number> {
    const now = clock.now().getTime();
    const stale = await repo.paidNeverDispensed(
      db,
      new Date(now - UNDISPENSED_LOOKBACK_MS),
      new Date(now - (DISPENSE_TTL_SECONDS + 60) * 1000),
    );
    for (const order of stale) {
      try {
        await orders.dispense(order.machine, order.machineOrderNo, { result: 'FAILED', dispensedMl: 0 });
        log.warn({ orderNo: order.orderNo }, 'a page order was never dispensed: its payment goes back');
      } catch (error) {
        log.error({ err: error, orderNo: order.orderNo }, 'could not refund a page order never dispensed');
      }
    }
    return stale.length;
  }

  /** The order the token proves the caller holds; any other answers as an unknown order would. */
  async function heldOrder(orderNo: string, token: string | undefined) {
    if (!access.holds(orderNo, token)) throw noSuchOrder();
    const [held, page] = await Promise.all([orders.heldOrder(orderNo), repo.byOrderNo(db, orderNo)]);
    if (!held || !page) throw noSuchOrder();
    return { ...held, page };
  }

  return {
    refundUndispensed,

    machineOf,

    async quote(code: string, input: PublicQuoteInput, consumer: Consumer): Promise<PublicQuote> {
      return inPageTerms(async () => (await quoteOf(code, input, consumer)).quote);
    },

    async create(
      code: string,
      input: PublicOrderInput,
      consumer: Consumer,
      context: { clientIp: string },
    ): Promise<PublicOrderCreated> {
      return inPageTerms(async () => {
        const machine = await sellingMachine(code);
        const requestedMl = checkedSale(machine, input, true);
        if (input.channel !== 'CARD' && !(await payments.channels()).includes(input.channel)) {
          throw new HttpError(
            409,
            { key: 'errors.consumers.channelUnavailable', values: { channel: input.channel } },
            'CHANNEL_UNAVAILABLE',
          );
        }
        const coupon = await couponCodeOf(input.couponId, consumer);
        if (input.card) await cards.verify(input.card);
        const machineOrderNo = `P${randomBytes(12).toString('hex')}`;
        const { order } = await orders.createFromMachine(machine, {
          machineOrderNo,
          tap: input.tap,
          waterType: input.waterType,
          requestedMl,
          channel: input.channel,
          ...(consumer ? { memberPhone: consumer.phone } : {}),
          ...(coupon ? { couponCode: coupon.code } : {}),
        });
        const member = consumer ? await members.find({ phone: consumer.phone }) : undefined;
        const made = await orders.heldOrder(order.orderNo);
        const orderId = made?.order.id as number;
        await repo.insert(db, {
          orderId,
          orderNo: order.orderNo,
          machineId: machine.id,
          machineOrderNo,
          fillUntilStop: input.fillUntilStop === true,
          memberId: member?.id ?? null,
          dispenseCommandId: randomUUID(),
          stopCommandId: randomUUID(),
          createTime: clock.now(),
        });
        const answer = { orderNo: order.orderNo, accessToken: access.tokenOf(order.orderNo), payable: order.payable };
        const sale = { orderNo: order.orderNo, tap: input.tap, waterType: input.waterType, requestedMl };
        if (order.state === 'PAID') {
          // A coupon covered it all: nothing to pay, the machine dispenses at once.
          await dispense(orderId, sale);
          return { ...answer, payment: null };
        }
        if (input.channel === 'CARD' && input.card) {
          await orders.payByMachine(machine, machineOrderNo, {
            channel: 'CARD',
            amount: order.payable,
            cardNo: input.card.cardNo,
            cardSecret: input.card.cardSecret,
          });
          return { ...answer, payment: null };
        }
        const payment = await payments.start(
          {
            orderNo: order.orderNo,
            channel: input.channel as 'WECHAT' | 'ALIPAY',
            amountFen: order.payable as Fen,
            description: `${input.waterType === 'HOT' ? '热水' : '纯净水'} ${requestedMl / 1000} L`,
          },
          { clientIp: context.clientIp, returnUrl: `/m/${code}?order=${order.orderNo}` },
        );
        return {
          ...answer,
          payment:
            payment.kind === 'REDIRECT'
              ? { kind: 'REDIRECT' as const, url: payment.url }
              : { kind: 'WECHAT_BRIDGE' as const, params: { ...payment.params } },
        };
      });
    },

    async order(orderNo: string, token: string | undefined): Promise<PublicOrder> {
      const { order, refundReason, page } = await heldOrder(orderNo, token);
      return wireOf(PublicOrder, {
        ...order,
        fillUntilStop: page.fillUntilStop,
        refundReason,
      });
    },

    /** Stops a "fill until I stop" order being dispensed: the machine is told once, and reports what came out. */
    async stop(orderNo: string, token: string | undefined): Promise<void> {
      const { order, page } = await heldOrder(orderNo, token);
      if (!page.fillUntilStop || !['PAID', 'DISPENSING'].includes(order.state)) {
        throw stateConflict({ key: 'errors.consumers.notStoppable' }, order.state, 'STOP');
      }
      if (!(await repo.claimStop(db, order.id, clock.now()))) return;
      await commands.server.send(
        'STOP_DISPENSE',
        [
          {
            commandId: page.stopCommandId,
            machineId: page.machineId,
            serialNo: order.serialNo,
            params: { orderNo, machineOrderNo: page.machineOrderNo },
          },
        ],
        SENDER,
        DISPENSE_TTL_SECONDS,
      );
    },
  };
}
