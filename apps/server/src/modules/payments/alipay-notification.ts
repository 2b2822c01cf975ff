import type { AlipaySetup } from './alipay-config.ts';
import { alipaySignedText, fromChinaTime, isAlipaySignatureValid } from './alipay-signing.ts';
import {
  type ChannelAnswer,
  type ChannelFact,
  type ChannelNotification,
  type NotificationRefusal,
  NotificationRefused,
  type TakenNotification,
} from './payment-driver.ts';
import { fenOfYuanText } from './yuan-amount.ts';

/** Alipay takes the plain text `success` as "received"; anything else makes it notify again later. */
const TAKEN: ChannelAnswer = { status: 200, contentType: 'text/plain', body: 'success' };

function refuse(reason: NotificationRefusal): never {
  throw new NotificationRefused(reason, { status: 400, contentType: 'text/plain', body: 'fail' });
}

/**
 * Takes an Alipay notification (a form-encoded POST): its RSA2 signature over the sorted
 * parameters without `sign` and `sign_type`, then our app, then what it proves.
 */
export function takeAlipayNotification(setup: AlipaySetup, notification: ChannelNotification): TakenNotification {
  const params = Object.fromEntries(new URLSearchParams(notification.rawBody));
  const { sign, sign_type: signType } = params;
  if (!sign || signType !== 'RSA2') refuse('BAD_SIGNATURE');
  if (!isAlipaySignatureValid(setup.alipayKey, alipaySignedText(params, ['sign', 'sign_type']), sign)) {
    refuse('BAD_SIGNATURE');
  }
  if (params.app_id !== setup.appId) refuse('OTHER_MERCHANT');
  const notificationId = params.notify_id || refuse('MALFORMED');
  return { fact: factOf(params), notificationId, answer: TAKEN };
}

function factOf(params: Record<string, string>): ChannelFact {
  const { out_trade_no: orderNo, trade_no: channelTradeNo, trade_status: status } = params;
  if (!orderNo || !channelTradeNo) refuse('MALFORMED');
  // A refund on the trade is notified with the trade's state and the refund's request number.
  if (params.out_biz_no && params.refund_fee) {
    const refundedTotalFen = fenOfYuanText(params.refund_fee);
    if (refundedTotalFen === undefined) refuse('BAD_AMOUNT');
    const at = fromChinaTime(params.gmt_refund) ?? refuse('MALFORMED');
    const refundNo = params.out_biz_no;
    return {
      type: 'REFUND',
      orderNo,
      refundNo,
      channelRefundNo: channelTradeNo,
      outcome: 'SUCCEEDED',
      refundedTotalFen,
      at,
    };
  }
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
    const amountFen = fenOfYuanText(params.total_amount ?? '');
    if (amountFen === undefined) refuse('BAD_AMOUNT');
    const paidAt = fromChinaTime(params.gmt_payment) ?? refuse('MALFORMED');
    const payerId = params.buyer_open_id || params.buyer_id;
    return { type: 'PAID', orderNo, channelTradeNo, amountFen, paidAt, ...(payerId && { payerId }) };
  }
  if (status === 'TRADE_CLOSED') return { type: 'CLOSED', orderNo, channelTradeNo };
  return refuse('MALFORMED');
}
