import { randomBytes } from 'node:crypto';
import { checkedFen } from './channel-values.ts';
import {
  ChannelCallError,
  type ChannelPaymentState,
  type PaymentDriver,
  type PaymentRequest,
  type PaymentStart,
  type RefundOutcome,
  type RefundRequest,
} from './payment-driver.ts';
import { callWechatPay, expectWechatSuccess } from './wechat-pay-client.ts';
import { type WechatPayConfig, wechatPaySetup } from './wechat-pay-config.ts';
import { takeWechatNotification, wholeFen } from './wechat-pay-notification.ts';
import { wechatPaySign } from './wechat-pay-signing.ts';

/** Refusals of a refund that are the channel's answer about this refund, not a failure to reach it. */
const REFUND_REFUSALS = new Set([
  'NOT_ENOUGH',
  'RESOURCE_NOT_EXISTS',
  'INVALID_REQUEST',
  'PARAM_ERROR',
  'USER_ACCOUNT_ABNORMAL',
  'MCH_NOT_EXISTS',
  'NO_AUTH',
]);

/**
 * WeChat Pay (API v3, direct merchant): JSAPI inside WeChat when the person's openid is known,
 * H5 in other phone browsers. Amounts go to the channel as the integer fen they are.
 */
export function wechatPayV3Driver(
  config: WechatPayConfig,
  deps: { now?: () => Date; fetch?: typeof fetch } = {},
): PaymentDriver {
  const setup = wechatPaySetup(config, deps);
  const order = (request: PaymentRequest) => ({
    appid: setup.appId,
    mchid: setup.mchId,
    description: request.description,
    out_trade_no: request.orderNo,
    notify_url: request.notifyUrl,
    amount: { total: checkedFen(request.amountFen), currency: 'CNY' },
  });

  async function createPayment(request: PaymentRequest): Promise<PaymentStart> {
    if (request.openid) {
      const answer = await callWechatPay(setup, 'POST', '/v3/pay/transactions/jsapi', {
        ...order(request),
        payer: { openid: request.openid },
      });
      const prepayId = expectWechatSuccess(answer).prepay_id;
      if (typeof prepayId !== 'string' || !prepayId) throw badAnswer('no prepay_id');
      const timeStamp = String(Math.floor(setup.now().getTime() / 1000));
      const nonceStr = randomBytes(16).toString('hex');
      const pkg = `prepay_id=${prepayId}`;
      const paySign = wechatPaySign(setup.merchantKey, setup.appId, timeStamp, nonceStr, pkg);
      return {
        kind: 'WECHAT_BRIDGE',
        params: { appId: setup.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign },
      };
    }
    const answer = await callWechatPay(setup, 'POST', '/v3/pay/transactions/h5', {
      ...order(request),
      scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
    });
    const h5Url = expectWechatSuccess(answer).h5_url;
    if (typeof h5Url !== 'string' || !h5Url.startsWith('https://')) throw badAnswer('no h5_url');
    // WeChat's cashier sends the person to `redirect_url` when done (documented for H5).
    const url = request.returnUrl ? `${h5Url}&redirect_url=${encodeURIComponent(request.returnUrl)}` : h5Url;
    return { kind: 'REDIRECT', url };
  }

  async function query(orderNo: string): Promise<ChannelPaymentState> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(setup.mchId)}`;
    const answer = await callWechatPay(setup, 'GET', path);
    if (answer.status === 404 && answer.json.code === 'ORDER_NOT_EXIST') return { state: 'NOT_FOUND' };
    const trade = expectWechatSuccess(answer);
    const channelTradeNo = typeof trade.transaction_id === 'string' ? trade.transaction_id : undefined;
    const amountFen = wholeFen((trade.amount as Record<string, unknown> | undefined)?.total);
    switch (trade.trade_state) {
      case 'SUCCESS':
      case 'REFUND': {
        if (!channelTradeNo || amountFen === undefined) throw badAnswer('a paid trade without its number or amount');
        if (trade.trade_state === 'REFUND') return { state: 'REFUNDED', channelTradeNo, amountFen };
        const paidAt = typeof trade.success_time === 'string' ? new Date(trade.success_time) : undefined;
        return { state: 'PAID', channelTradeNo, amountFen, paidAt };
      }
      case 'NOTPAY':
      case 'USERPAYING':
        return { state: 'NOT_PAID' };
      case 'CLOSED':
      case 'REVOKED':
        return { state: 'CLOSED', channelTradeNo };
      case 'PAYERROR':
        return { state: 'FAILED', reason: String(trade.trade_state_desc ?? 'PAYERROR') };
      default:
        throw badAnswer(`unknown trade_state ${String(trade.trade_state)}`);
    }
  }

  async function refund(request: RefundRequest): Promise<RefundOutcome> {
    const answer = await callWechatPay(setup, 'POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.orderNo,
      out_refund_no: request.refundNo,
      reason: request.reason,
      ...(request.notifyUrl ? { notify_url: request.notifyUrl } : {}),
      amount: { refund: checkedFen(request.amountFen), total: checkedFen(request.totalFen), currency: 'CNY' },
    });
    const code = String(answer.json.code ?? '');
    if (answer.status >= 400 && REFUND_REFUSALS.has(code)) {
      return { status: 'REFUSED', code, message: String(answer.json.message ?? '') };
    }
    const result = expectWechatSuccess(answer);
    const channelRefundNo = typeof result.refund_id === 'string' ? result.refund_id : '';
    if (!channelRefundNo) throw badAnswer('no refund_id');
    switch (result.status) {
      case 'SUCCESS':
        return { status: 'SUCCEEDED', channelRefundNo };
      case 'PROCESSING':
        return { status: 'ACCEPTED', channelRefundNo };
      case 'CLOSED':
      case 'ABNORMAL':
        return { status: 'FAILED', channelRefundNo, code: result.status };
      default:
        throw badAnswer(`unknown refund status ${String(result.status)}`);
    }
  }

  return {
    channel: 'WECHAT',
    createPayment,
    takeNotification: (notification) => takeWechatNotification(setup, notification),
    query,
    refund,
  };
}

const badAnswer = (message: string) => new ChannelCallError('WECHAT', 'BAD_ANSWER', message);
