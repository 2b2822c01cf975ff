import type { PaymentChannel } from '@water/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { ChannelRefundResult, SentRefund } from '../orders/order-channel-refunds.ts';
import type { ChannelRefundPort } from '../orders/order-refunding.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ChannelSettings, ConfiguredDriver } from './channel-settings.ts';
import {
  type ChannelAnswer,
  ChannelCallError,
  type ChannelFact,
  type ChannelNotification,
  NotificationRefused,
  type RefundOutcome,
} from './payment-driver.ts';
import type { PaymentStarter } from './payment-starter.ts';
import { paymentsRepository as repo } from './payments.repository.ts';

/** What the payments module asks of the orders module. */
export type PaymentOrders = Pick<OrdersService, 'payByChannel' | 'sentRefunds' | 'settleChannelRefund'>;

/** An ACCEPTED refund is asked about again (its refund sent again, which a channel answers idempotently) after this. */
const ASK_AGAIN_AFTER_MS = 60_000;

/** The reason a refund gives the channel (shown on the person's statement). */
const REFUND_REASON_TEXT: Record<string, string> = {
  DISPENSE_FAILED: '出水失败退款',
  SHORT_FILL: '出水不足退款',
  ORDER_CLOSED: '订单已关闭退款',
  CUSTOMER: '售后退款',
  STAFF: '售后退款',
};

const unavailable = (channel: PaymentChannel) =>
  new HttpError(
    409,
    { key: 'errors.payments.channelUnavailable', values: { channel: { key: `errors.payments.channels.${channel}` } } },
    'CHANNEL_UNAVAILABLE',
  );

/**
 * Payments through the channels' drivers: starting one for an order of the public page, taking
 * the channels' notifications (each once: a replay changes nothing) and paying the order through
 * the orders module, and sending the refunds of orders so paid back through the same driver.
 */
export function createPaymentsService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    settings,
    orders,
    notifyBase,
    log,
  }: {
    settings: ChannelSettings;
    /** Late-bound: the orders module is made with this module's refund port. */
    orders: () => PaymentOrders;
    /** The address the channels reach this server at (empty: paths, as the sandbox takes them). */
    notifyBase: string;
    log: FastifyBaseLogger;
  },
) {
  const notifyUrlOf = (channel: PaymentChannel) => `${notifyBase}/api/payments/notify/${channel.toLowerCase()}`;
  let sending: Promise<void> | undefined;
  let sendAgain = false;

  async function configured(channel: PaymentChannel): Promise<ConfiguredDriver> {
    const driver = (await settings.drivers()).get(channel);
    if (!driver) throw unavailable(channel);
    return driver;
  }

  async function apply(channel: PaymentChannel, driver: ConfiguredDriver, fact: ChannelFact): Promise<void> {
    if (fact.type === 'PAID') {
      await orders().payByChannel(
        channel,
        {
          orderNo: fact.orderNo,
          transactionId: fact.channelTradeNo,
          amount: fact.amountFen,
          paidAt: fact.paidAt.getTime(),
        },
        fact.payerId ? { openid: fact.payerId } : undefined,
      );
      await repo.paid(db, {
        orderNo: fact.orderNo,
        channel,
        driver: driver.name,
        amount: fact.amountFen,
        channelTradeNo: fact.channelTradeNo,
        payerId: fact.payerId ?? null,
        at: fact.paidAt,
      });
      // A payment for an order closed meanwhile goes back at once.
      kickRefunds();
      return;
    }
    if (fact.type === 'REFUND') {
      const known = await repo.channelRefund(db, fact.refundNo);
      if (!known) {
        log.warn({ channel, refundNo: fact.refundNo }, 'a refund notification for a refund not sent from here');
        return;
      }
      await settleRefund(
        known,
        fact.outcome === 'SUCCEEDED'
          ? { ok: true, channelRefundNo: fact.channelRefundNo }
          : { ok: false, code: 'REFUND_FAILED' },
      );
    }
    // CLOSED: the order closes by its own timeout; nothing to do.
  }

  async function settleRefund(
    refund: Omit<SentRefund, 'paid' | 'reason'> & { driver?: string },
    result: ChannelRefundResult,
  ) {
    const payment = await repo.payment(db, refund.orderNo);
    await repo.saveChannelRefund(db, {
      refundNo: refund.refundNo,
      orderNo: refund.orderNo,
      channel: refund.channel as PaymentChannel,
      driver: payment?.driver ?? 'NONE',
      amount: refund.amount,
      state: result.ok ? 'SUCCEEDED' : 'FAILED',
      channelRefundNo: result.ok ? result.channelRefundNo : null,
      code: result.ok ? null : result.code,
      at: clock.now(),
    });
    await orders().settleChannelRefund(refund.refundNo, result);
  }

  /** Sends one refund to the driver that took its payment, and records what the channel did. */
  async function sendRefund(refund: SentRefund, drivers: Map<PaymentChannel, ConfiguredDriver>) {
    const channel = refund.channel as PaymentChannel;
    const payment = await repo.payment(db, refund.orderNo);
    const driver = drivers.get(channel);
    if (!payment || !driver || driver.name !== payment.driver) {
      log.warn({ refundNo: refund.refundNo }, 'the driver that took this payment is not configured now');
      return;
    }
    const record = {
      refundNo: refund.refundNo,
      orderNo: refund.orderNo,
      channel,
      driver: driver.name,
      amount: refund.amount,
    };
    let outcome: RefundOutcome;
    try {
      outcome = await driver.driver.refund({
        orderNo: refund.orderNo,
        refundNo: refund.refundNo,
        amountFen: refund.amount,
        totalFen: refund.paid,
        reason: REFUND_REASON_TEXT[refund.reason] ?? '退款',
        notifyUrl: notifyUrlOf(channel),
      });
    } catch (error) {
      // Unreachable, or an answer that proves nothing: asked again at the next run.
      const failure = error instanceof ChannelCallError ? `${error.failure} ${error.channelCode ?? ''}` : 'error';
      log.warn({ refundNo: refund.refundNo, failure }, 'a refund could not be sent to its channel');
      await repo.saveChannelRefund(db, {
        ...record,
        state: 'SENT',
        channelRefundNo: null,
        code: null,
        at: clock.now(),
      });
      return;
    }
    if (outcome.status === 'ACCEPTED') {
      await repo.saveChannelRefund(db, {
        ...record,
        state: 'ACCEPTED',
        channelRefundNo: outcome.channelRefundNo,
        code: null,
        at: clock.now(),
      });
      return;
    }
    await settleRefund(
      record,
      'code' in outcome ? { ok: false, code: outcome.code } : { ok: true, channelRefundNo: outcome.channelRefundNo },
    );
  }

  async function sendRefunds(): Promise<void> {
    const sent = await orders().sentRefunds();
    if (sent.length === 0) return;
    const drivers = await settings.drivers();
    const known = new Map(
      (
        await repo.channelRefundsOf(
          db,
          sent.map((r) => r.refundNo),
        )
      ).map((r) => [r.refundNo, r]),
    );
    const askAgainBefore = clock.now().getTime() - ASK_AGAIN_AFTER_MS;
    for (const refund of sent) {
      const record = known.get(refund.refundNo);
      if (record?.state === 'SUCCEEDED' || record?.state === 'FAILED') {
        // Settled at the channel, not yet here (the settling failed): settle it now.
        await orders().settleChannelRefund(
          refund.refundNo,
          record.state === 'SUCCEEDED'
            ? { ok: true, channelRefundNo: record.channelRefundNo ?? '' }
            : { ok: false, code: record.code ?? 'FAILED' },
        );
        continue;
      }
      if (record?.state === 'ACCEPTED' && record.updateTime.getTime() > askAgainBefore) continue;
      await sendRefund(refund, drivers);
    }
  }

  /** Sends the refunds handed over, one run at a time in this process (a run asked for meanwhile follows). */
  function runRefunds(): Promise<void> {
    if (sending) {
      sendAgain = true;
      return sending;
    }
    sending = (async () => {
      do {
        sendAgain = false;
        await sendRefunds();
      } while (sendAgain);
    })().finally(() => {
      sending = undefined;
    });
    return sending;
  }

  function kickRefunds() {
    runRefunds().catch((error) => log.error({ err: error }, 'channel refunds could not be sent'));
  }

  const starter: PaymentStarter = {
    async start(order, context) {
      const driver = await configured(order.channel);
      await repo.started(db, {
        orderNo: order.orderNo,
        channel: order.channel,
        driver: driver.name,
        amount: order.amountFen,
        at: clock.now(),
      });
      try {
        return await driver.driver.createPayment({
          orderNo: order.orderNo,
          amountFen: order.amountFen,
          description: order.description,
          notifyUrl: notifyUrlOf(order.channel),
          returnUrl: context.returnUrl,
          ...(context.openid && { openid: context.openid }),
          clientIp: context.clientIp,
        });
      } catch (error) {
        if (!(error instanceof ChannelCallError)) throw error;
        log.warn(
          { channel: order.channel, failure: error.failure, code: error.channelCode },
          'a payment could not be started',
        );
        throw unavailable(order.channel);
      }
    },
    async channels() {
      return [...(await settings.drivers()).keys()];
    },
  };

  /** How the orders module hands refunds to the drivers. */
  const refundPort: ChannelRefundPort = {
    throughDriver: async (tx: Database, orderNo: string) => (await repo.payment(tx, orderNo)) !== undefined,
    sent: kickRefunds,
  };

  return {
    ...starter,
    refundPort,
    /** Sends the refunds handed to the drivers (the scheduled job, and after each hand-over). */
    sendRefunds: runRefunds,

    /**
     * A channel's notification: checked by the channel's configured driver, taken once by its own
     * id, its fact applied. Answers what the channel's protocol expects; a refusal is logged.
     */
    async notify(channel: PaymentChannel, notification: ChannelNotification): Promise<ChannelAnswer> {
      const driver = await configured(channel);
      let taken: ReturnType<typeof driver.driver.takeNotification>;
      try {
        taken = driver.driver.takeNotification(notification);
      } catch (error) {
        if (!(error instanceof NotificationRefused)) throw error;
        log.warn({ channel, reason: error.reason }, 'a payment notification was refused');
        return error.answer;
      }
      const { fact, notificationId } = taken;
      const fresh = await repo.takeNotification(db, {
        channel,
        notificationId: notificationId.slice(0, 128),
        fact: fact.type,
        orderNo: fact.orderNo.slice(0, 32),
        at: clock.now(),
      });
      if (!fresh) {
        log.warn({ channel, orderNo: fact.orderNo }, 'a payment notification taken before was refused (replay)');
        throw new HttpError(409, { key: 'errors.payments.replayed' }, 'NONCE_REUSED');
      }
      try {
        await apply(channel, driver, fact);
      } catch (error) {
        // Not applied: the channel sends it again, and then it is not a replay.
        await repo.forgetNotification(db, channel, notificationId.slice(0, 128));
        if (error instanceof HttpError) {
          log.warn({ channel, orderNo: fact.orderNo, code: error.code }, 'a payment notification’s fact was refused');
        }
        throw error;
      }
      return taken.answer;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
