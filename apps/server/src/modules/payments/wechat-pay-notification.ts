import { asFen, type Fen } from '@water/contract/money';
import { parseObject } from './channel-values.ts';
import {
  type ChannelAnswer,
  type ChannelFact,
  type ChannelNotification,
  headerOf,
  type NotificationRefusal,
  NotificationRefused,
  type TakenNotification,
} from './payment-driver.ts';
import { wechatSignatureProblem } from './wechat-pay-client.ts';
import type { WechatPaySetup } from './wechat-pay-config.ts';
import { openWechatResource, type WechatResource } from './wechat-pay-signing.ts';

/** WeChat Pay takes 200/204 without a body as "received"; a 4xx/5xx with `{code, message}` makes it retry. */
const TAKEN: ChannelAnswer = { status: 204, contentType: 'text/plain', body: '' };

function refuse(reason: NotificationRefusal): never {
  const status = reason === 'BAD_SIGNATURE' || reason === 'UNKNOWN_KEY' || reason === 'STALE' ? 401 : 400;
  const body = JSON.stringify({ code: 'FAIL', message: reason });
  throw new NotificationRefused(reason, { status, contentType: 'application/json', body });
}

/** A whole, non-negative number of fen from the channel's JSON, or undefined. */
export function wholeFen(value: unknown): Fen | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? asFen(value) : undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function timeOf(value: unknown): Date {
  const time = new Date(text(value) ?? Number.NaN);
  if (Number.isNaN(time.getTime())) refuse('MALFORMED');
  return time;
}

/**
 * Takes a WeChat Pay notification: its signature and freshness first, then its resource opened
 * under the API v3 key, then whether it is for our merchant and app, then what it proves.
 */
export function takeWechatNotification(setup: WechatPaySetup, notification: ChannelNotification): TakenNotification {
  const header = (name: string) => headerOf(notification.headers, name);
  const problem = wechatSignatureProblem(setup, {
    serial: header('wechatpay-serial'),
    timestamp: header('wechatpay-timestamp'),
    nonce: header('wechatpay-nonce'),
    signature: header('wechatpay-signature'),
    body: notification.rawBody,
  });
  if (problem) refuse(problem);
  const envelope = parseObject(notification.rawBody);
  const resource = envelope?.resource as WechatResource | undefined;
  if (!envelope || !resource || typeof resource !== 'object') refuse('MALFORMED');
  const plain = openWechatResource(setup.apiV3Key, resource);
  if (plain === undefined) refuse('BAD_CIPHERTEXT');
  const content = parseObject(plain);
  if (!content) refuse('MALFORMED');
  if (content.mchid !== setup.mchId) refuse('OTHER_MERCHANT');
  const notificationId = text(envelope.id) ?? refuse('MALFORMED');
  return { fact: factOf(setup, String(envelope.event_type), content), notificationId, answer: TAKEN };
}

function factOf(setup: WechatPaySetup, eventType: string, content: Record<string, unknown>): ChannelFact {
  const amount = (content.amount ?? {}) as Record<string, unknown>;
  const orderNo = text(content.out_trade_no);
  if (!orderNo) refuse('MALFORMED');
  if (eventType === 'TRANSACTION.SUCCESS') {
    // A refund's content carries no appid; a payment's must be ours, or it was made in another app.
    if (content.appid !== setup.appId) refuse('OTHER_MERCHANT');
    const amountFen = wholeFen(amount.total);
    const channelTradeNo = text(content.transaction_id);
    if (amountFen === undefined) refuse('BAD_AMOUNT');
    if (content.trade_state !== 'SUCCESS' || !channelTradeNo) refuse('MALFORMED');
    const payerId = text((content.payer as Record<string, unknown> | undefined)?.openid);
    return {
      type: 'PAID',
      orderNo,
      channelTradeNo,
      amountFen,
      paidAt: timeOf(content.success_time),
      ...(payerId && { payerId }),
    };
  }
  if (eventType === 'REFUND.SUCCESS' || eventType === 'REFUND.ABNORMAL' || eventType === 'REFUND.CLOSED') {
    const refundNo = text(content.out_refund_no);
    const channelRefundNo = text(content.refund_id);
    const amountFen = wholeFen(amount.refund);
    if (amountFen === undefined) refuse('BAD_AMOUNT');
    if (!refundNo || !channelRefundNo) refuse('MALFORMED');
    const succeeded = eventType === 'REFUND.SUCCESS' && content.refund_status === 'SUCCESS';
    return {
      type: 'REFUND',
      orderNo,
      refundNo,
      channelRefundNo,
      outcome: succeeded ? 'SUCCEEDED' : 'FAILED',
      amountFen,
      at: succeeded ? timeOf(content.success_time) : setup.now(),
    };
  }
  return refuse('MALFORMED');
}
