import { randomBytes } from 'node:crypto';
import { asFen, type Fen } from '@water/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/time.ts';
import { checkedFen, parseObject } from './channel-values.ts';
import {
  type ChannelAnswer,
  type ChannelFact,
  type ChannelNotification,
  type ChannelPaymentState,
  type NotificationRefusal,
  NotificationRefused,
  type PaymentChannel,
  type PaymentDriver,
  type RefundOutcome,
  type TakenNotification,
} from './payment-driver.ts';
import { paymentsRepository as repo, type SandboxPaymentRow } from './payments.repository.ts';
import { sandboxSignatureProblem, sandboxSignedHeaders } from './sandbox-signing.ts';

/** What the sandbox notifies, as JSON: the fact, its own id, and the payment's numbers. */
interface SandboxNotice {
  id: string;
  channel: PaymentChannel;
  type: 'PAID' | 'REFUND';
  orderNo: string;
  tradeNo: string;
  amount: number;
  at: string;
  payerId?: string;
  refundNo?: string;
  channelRefundNo?: string;
  outcome?: 'SUCCEEDED' | 'FAILED';
}

const TAKEN: ChannelAnswer = { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' };

/** The sandbox answers a refusal in the product's own error format. */
function refuse(reason: NotificationRefusal, now: Date): never {
  const signed = reason === 'BAD_SIGNATURE' || reason === 'STALE';
  const status = signed ? 401 : 400;
  const code = reason === 'STALE' ? 'REQUEST_STALE' : signed ? 'SIGNATURE_INVALID' : 'VALIDATION_FAILED';
  const body = JSON.stringify({
    status,
    message: `The sandbox notification is refused: ${reason}`,
    timestamp: now.getTime(),
    code,
  });
  throw new NotificationRefused(reason, { status, contentType: 'application/json', body });
}

const randomId = () => randomBytes(16).toString('hex');
const wholeFen = (value: unknown): Fen | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? asFen(value) : undefined;

export interface SandboxNeeds {
  db: Database;
  clock: Clock;
  key: Buffer;
  log: FastifyBaseLogger;
  /** Where a notify URL given as a path is sent: the server's own address (undefined before it listens). */
  selfUrl: () => string | undefined;
  /** HTTP as the channel sends it (tests may watch it). */
  fetch?: typeof fetch;
}

/**
 * The sandbox channel: it plays WeChat Pay or Alipay with no money moving. Payments go to its
 * page (Pay / Cancel / Fail); paying sends a signed notification to the payment's notify URL
 * over real HTTP, as a channel does; refunds succeed and are notified, or fail when the page was
 * told so. Its records are its own tables, as a real channel keeps its own books.
 */
export function sandboxChannel(needs: SandboxNeeds) {
  const { db, clock, key, log } = needs;
  const post = needs.fetch ?? fetch;
  const sending = new Set<Promise<void>>();

  function urlOf(notifyUrl: string): string | undefined {
    if (/^https?:\/\//.test(notifyUrl)) return notifyUrl;
    const self = needs.selfUrl();
    return self ? `${self}${notifyUrl}` : undefined;
  }

  /** Sends a notification as a channel does; its answer is logged, not acted on (the sandbox does not retry). */
  async function notify(notifyUrl: string, notice: Omit<SandboxNotice, 'id'>): Promise<void> {
    const url = urlOf(notifyUrl);
    const id = randomId();
    if (!url) {
      log.warn({ orderNo: notice.orderNo }, 'the payment sandbox has nowhere to send its notification');
      return;
    }
    const body = JSON.stringify({ id, ...notice });
    try {
      const answer = await post(url, {
        method: 'POST',
        headers: sandboxSignedHeaders(key, id, body, clock.now()),
        body,
      });
      if (!answer.ok)
        log.warn({ orderNo: notice.orderNo, status: answer.status }, 'the sandbox notification was refused');
    } catch (error) {
      log.warn({ orderNo: notice.orderNo, err: error }, 'the sandbox notification could not be sent');
    }
  }

  /** A notification sent later (a refund's), kept track of so that `idle` can wait for it. */
  function notifyLater(notifyUrl: string, notice: Omit<SandboxNotice, 'id'>) {
    const sent = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => notify(notifyUrl, notice))
      .finally(() => sending.delete(sent));
    sending.add(sent);
  }

  function driver(channel: PaymentChannel): PaymentDriver {
    return {
      channel,
      async createPayment(request) {
        const id = randomId();
        await repo.insertSandboxPayment(db, {
          id,
          orderNo: request.orderNo,
          channel,
          amount: checkedFen(request.amountFen),
          description: request.description.slice(0, 128),
          notifyUrl: request.notifyUrl,
          returnUrl: request.returnUrl ?? null,
          tradeNo: `SB${Date.now()}${randomBytes(4).toString('hex')}`,
          createTime: clock.now(),
        });
        return { kind: 'REDIRECT', url: `/pay/sandbox/${id}` };
      },

      takeNotification(notification: ChannelNotification): TakenNotification {
        const now = clock.now();
        const problem = sandboxSignatureProblem(key, notification, now);
        if (problem) refuse(problem, now);
        const notice = parseObject(notification.rawBody) as Partial<SandboxNotice> | undefined;
        if (!notice || typeof notice.id !== 'string' || !notice.id || typeof notice.orderNo !== 'string') {
          refuse('MALFORMED', now);
        }
        if (notice.channel !== channel) refuse('OTHER_MERCHANT', now);
        const amountFen = wholeFen(notice.amount) ?? refuse('BAD_AMOUNT', now);
        const at = new Date(String(notice.at));
        if (Number.isNaN(at.getTime()) || typeof notice.tradeNo !== 'string') refuse('MALFORMED', now);
        let fact: ChannelFact;
        if (notice.type === 'PAID') {
          fact = {
            type: 'PAID',
            orderNo: notice.orderNo,
            channelTradeNo: notice.tradeNo,
            amountFen,
            paidAt: at,
            ...(typeof notice.payerId === 'string' && { payerId: notice.payerId }),
          };
        } else if (notice.type === 'REFUND' && notice.refundNo && notice.channelRefundNo) {
          fact = {
            type: 'REFUND',
            orderNo: notice.orderNo,
            refundNo: notice.refundNo,
            channelRefundNo: notice.channelRefundNo,
            outcome: notice.outcome === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED',
            amountFen,
            at,
          };
        } else refuse('MALFORMED', now);
        return { fact, notificationId: notice.id, answer: TAKEN };
      },

      async query(orderNo: string): Promise<ChannelPaymentState> {
        const payment = await repo.sandboxPaymentOf(db, orderNo);
        if (!payment || payment.channel !== channel) return { state: 'NOT_FOUND' };
        switch (payment.state) {
          case 'PAID': {
            const refunded = await repo.sandboxRefundedOf(db, payment.id);
            return refunded > 0
              ? { state: 'REFUNDED', channelTradeNo: payment.tradeNo, amountFen: payment.amount }
              : {
                  state: 'PAID',
                  channelTradeNo: payment.tradeNo,
                  amountFen: payment.amount,
                  paidAt: payment.paidTime ?? undefined,
                };
          }
          case 'NOTPAY':
            return { state: 'NOT_PAID' };
          case 'CLOSED':
            return { state: 'CLOSED', channelTradeNo: payment.tradeNo };
          default:
            return { state: 'FAILED', reason: 'the person failed the payment in the sandbox' };
        }
      },

      async refund(request): Promise<RefundOutcome> {
        const payment = await repo.sandboxPaymentOf(db, request.orderNo);
        if (!payment || payment.channel !== channel || payment.state !== 'PAID') {
          return { status: 'REFUSED', code: 'TRADE_NOT_PAID', message: 'no paid sandbox payment of this order' };
        }
        const known = await repo.sandboxRefund(db, request.refundNo);
        const channelRefundNo = `SBR${request.refundNo}`;
        if (known) {
          // The same refund asked again (the channel's idempotency): its outcome, as a query answers it.
          return known.state === 'SUCCEEDED'
            ? { status: 'SUCCEEDED', channelRefundNo }
            : { status: 'FAILED', channelRefundNo, code: 'SANDBOX_REFUND_FAILED' };
        }
        const amount = checkedFen(request.amountFen);
        if ((await repo.sandboxRefundedOf(db, payment.id)) + amount > payment.amount) {
          return { status: 'REFUSED', code: 'REFUND_EXCEEDS_PAYMENT', message: 'more than is left of the payment' };
        }
        const state = payment.refundsFail ? 'FAILED' : 'SUCCEEDED';
        await repo.insertSandboxRefund(db, {
          refundNo: request.refundNo,
          paymentId: payment.id,
          amount,
          state,
          createTime: clock.now(),
        });
        // Told to fail: the channel answers the failure at once, as WeChat Pay answers CLOSED or ABNORMAL.
        if (state === 'FAILED') return { status: 'FAILED', channelRefundNo, code: 'SANDBOX_REFUND_FAILED' };
        notifyLater(payment.notifyUrl, {
          channel,
          type: 'REFUND',
          orderNo: payment.orderNo,
          tradeNo: payment.tradeNo,
          amount,
          at: clock.now().toISOString(),
          refundNo: request.refundNo,
          channelRefundNo,
          outcome: 'SUCCEEDED',
        });
        return { status: 'ACCEPTED', channelRefundNo };
      },
    };
  }

  return {
    driver,
    payment: (id: string) => repo.sandboxPayment(db, id),

    /**
     * What the person does on the page. Paying notifies the shop before the page sends the person
     * back, as a real channel's cashier does; cancelling or failing notifies nothing.
     */
    async act(payment: SandboxPaymentRow, action: 'pay' | 'pay-refunds-fail' | 'cancel' | 'fail'): Promise<boolean> {
      const now = clock.now();
      const paying = action === 'pay' || action === 'pay-refunds-fail';
      const state = paying ? 'PAID' : action === 'cancel' ? 'CLOSED' : 'FAILED';
      const moved = await repo.endSandboxPayment(db, payment.id, {
        state,
        ...(paying && { paidTime: now, refundsFail: action === 'pay-refunds-fail' }),
      });
      if (moved && paying) {
        await notify(payment.notifyUrl, {
          channel: payment.channel,
          type: 'PAID',
          orderNo: payment.orderNo,
          tradeNo: payment.tradeNo,
          amount: payment.amount,
          at: now.toISOString(),
        });
      }
      return moved;
    },

    /** Waits for the notifications under way (tests, and a closing server). */
    async idle(): Promise<void> {
      while (sending.size > 0) await Promise.all([...sending]);
    },
  };
}

export type SandboxChannel = ReturnType<typeof sandboxChannel>;
