import { alipayError, callAlipay, signedAlipayParams } from './alipay-client.ts';
import type { AlipayConfig } from './alipay-config.ts';
import { alipaySetup } from './alipay-config.ts';
import { takeAlipayNotification } from './alipay-notification.ts';
import { fromChinaTime } from './alipay-signing.ts';
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
import { fenOfYuanText, yuanTextOfFen } from './yuan-amount.ts';

/** Alipay's code of a business refusal (`sub_code` says which). */
const BUSINESS_FAILED = '40004';

/**
 * Alipay for phone browsers: wap pay (`alipay.trade.wap.pay`, QUICK_WAP_WAY) as the address of
 * Alipay's cashier, query and refund over HTTP. Amounts go to Alipay as yuan text made from fen.
 */
export function alipayDriver(
  config: AlipayConfig,
  deps: { now?: () => Date; fetch?: typeof fetch } = {},
): PaymentDriver {
  const setup = alipaySetup(config, deps);

  async function createPayment(request: PaymentRequest): Promise<PaymentStart> {
    const params = signedAlipayParams(
      setup,
      'alipay.trade.wap.pay',
      {
        out_trade_no: request.orderNo,
        total_amount: yuanTextOfFen(checkedFen(request.amountFen)),
        subject: request.description,
        product_code: 'QUICK_WAP_WAY',
        ...(request.returnUrl ? { quit_url: request.returnUrl } : {}),
      },
      { notify_url: request.notifyUrl, return_url: request.returnUrl },
    );
    // Percent-encoded (a space as %20, not +), as every URL parser reads it alike.
    const query = Object.entries(params).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
    return { kind: 'REDIRECT', url: `${setup.gatewayUrl}?${query.join('&')}` };
  }

  async function query(orderNo: string): Promise<ChannelPaymentState> {
    const answer = await callAlipay(setup, 'alipay.trade.query', { out_trade_no: orderNo });
    if (answer.code === BUSINESS_FAILED && answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'NOT_FOUND' };
    if (answer.code !== '10000') throw alipayError(answer);
    const channelTradeNo = typeof answer.trade_no === 'string' ? answer.trade_no : undefined;
    switch (answer.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const amountFen = fenOfYuanText(String(answer.total_amount ?? ''));
        if (!channelTradeNo || amountFen === undefined) throw badAnswer('a paid trade without its number or amount');
        return { state: 'PAID', channelTradeNo, amountFen, paidAt: fromChinaTime(String(answer.send_pay_date ?? '')) };
      }
      case 'WAIT_BUYER_PAY':
        return { state: 'NOT_PAID' };
      case 'TRADE_CLOSED':
        return { state: 'CLOSED', channelTradeNo };
      default:
        throw badAnswer(`unknown trade_status ${String(answer.trade_status)}`);
    }
  }

  async function refund(request: RefundRequest): Promise<RefundOutcome> {
    const answer = await callAlipay(setup, 'alipay.trade.refund', {
      out_trade_no: request.orderNo,
      refund_amount: yuanTextOfFen(checkedFen(request.amountFen)),
      out_request_no: request.refundNo,
      refund_reason: request.reason,
    });
    if (answer.code === '10000') {
      if (typeof answer.trade_no !== 'string' || !answer.trade_no) throw badAnswer('no trade_no');
      // Alipay refunds at once and has no refund number of its own: the trade's number and ours name it.
      return { status: 'SUCCEEDED', channelRefundNo: answer.trade_no };
    }
    // Other codes (20000 unavailable, ACQ.SYSTEM_ERROR) leave the outcome unknown: the caller retries.
    if (answer.code === BUSINESS_FAILED && answer.sub_code !== 'ACQ.SYSTEM_ERROR') {
      return { status: 'REFUSED', code: String(answer.sub_code ?? answer.code), message: String(answer.sub_msg ?? '') };
    }
    throw alipayError(answer);
  }

  return {
    channel: 'ALIPAY',
    createPayment,
    takeNotification: (notification) => takeAlipayNotification(setup, notification),
    query,
    refund,
  };
}

const badAnswer = (message: string) => new ChannelCallError('ALIPAY', 'BAD_ANSWER', message);
