import { createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { type ChannelReply, type ReceivedRequest, startChannelServer } from './channel-server.ts';

/** The application as Alipay knows it, and Alipay's own key. */
export interface FakeAlipayOptions {
  appId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
  /** The seller's balance refunds are paid from (ACQ.SELLER_BALANCE_NOT_ENOUGH beyond it). */
  balanceFen?: number;
}

export interface FakeAlipayTrade {
  orderNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  notifyUrl: string;
  paidAt?: string;
  /** Refunds by `out_request_no`, in yuan text. */
  refunds: Map<string, string>;
}

/** A call the fake took: its parameters (biz_content parsed) and whether its RSA2 signature was right. */
export interface AlipayRecordedCall extends ReceivedRequest {
  params: Record<string, string>;
  biz: Record<string, unknown>;
  signatureValid: boolean;
}

const sign = (key: KeyObject, text: string) => createSign('RSA-SHA256').update(text).sign(key, 'base64');
const sortedText = (params: Record<string, string>, omit: string[]) =>
  Object.keys(params)
    .filter((name) => !omit.includes(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
const china = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const cents = (yuan: string) => new Decimal(yuan).times(100).toNumber();
const yuan = (fen: number) => new Decimal(fen).dividedBy(100).toFixed(2);

/**
 * Alipay's open API gateway played locally: it checks each call's RSA2 signature with the app's
 * public key (isv.invalid-signature, unsigned, otherwise), opens a wap cashier, keeps trades and
 * refunds, signs each answer's `…_response` member with Alipay's key, and builds notifications
 * as Alipay posts them.
 */
export async function startFakeAlipay(options: FakeAlipayOptions) {
  const trades = new Map<string, FakeAlipayTrade>();
  const calls: AlipayRecordedCall[] = [];
  const state = { answerKey: options.alipayPrivateKey, balanceFen: options.balanceFen ?? 1_000_000 };

  const answer = (method: string, member: object): ChannelReply => {
    const raw = JSON.stringify(member);
    const body = `{"${method.replaceAll('.', '_')}_response":${raw},"sign":"${sign(state.answerKey, raw)}"}`;
    return { status: 200, headers: { 'content-type': 'application/json;charset=utf-8' }, body };
  };
  const failed = (method: string, subCode: string, subMsg: string) =>
    answer(method, { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

  function signatureValid(params: Record<string, string>): boolean {
    const fresh = Math.abs(Date.now() - new Date(`${params.timestamp?.replace(' ', 'T')}+08:00`).getTime()) < 600_000;
    return (
      params.app_id === options.appId &&
      params.sign_type === 'RSA2' &&
      params.charset === 'utf-8' &&
      params.version === '1.0' &&
      fresh &&
      createVerify('RSA-SHA256')
        .update(sortedText(params, ['sign']))
        .verify(options.appPublicKey, params.sign ?? '', 'base64')
    );
  }

  function wapPay(params: Record<string, string>, biz: Record<string, unknown>): ChannelReply {
    const orderNo = String(biz.out_trade_no);
    if (biz.product_code !== 'QUICK_WAP_WAY' || !/^\d+\.\d\d$/.test(String(biz.total_amount)))
      return { status: 200, body: '<html>ACQ.INVALID_PARAMETER</html>' };
    const trade = trades.get(orderNo) ?? {
      orderNo,
      tradeNo: `2026112622001${String(trades.size + 1).padStart(15, '0')}`,
      totalAmount: String(biz.total_amount),
      subject: String(biz.subject),
      status: 'WAIT_BUYER_PAY' as const,
      notifyUrl: params.notify_url ?? '',
      refunds: new Map(),
    };
    trades.set(orderNo, trade);
    return {
      status: 200,
      headers: { 'content-type': 'text/html;charset=utf-8' },
      body: `<html>收银台 ${trade.subject}</html>`,
    };
  }

  function tradeQuery(biz: Record<string, unknown>): ChannelReply {
    const trade = trades.get(String(biz.out_trade_no));
    if (!trade) return failed('alipay.trade.query', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    return answer('alipay.trade.query', {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: trade.orderNo,
      buyer_logon_id: '159****5620',
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      ...(trade.paidAt ? { send_pay_date: trade.paidAt } : {}),
    });
  }

  function tradeRefund(biz: Record<string, unknown>): ChannelReply {
    const method = 'alipay.trade.refund';
    const trade = trades.get(String(biz.out_trade_no));
    if (!trade) return failed(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    const requestNo = String(biz.out_request_no ?? biz.out_trade_no);
    const repeated = trade.refunds.has(requestNo);
    if (!repeated) {
      if (trade.status !== 'TRADE_SUCCESS') return failed(method, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (!/^\d+(\.\d{1,2})?$/.test(String(biz.refund_amount)))
        return failed(method, 'ACQ.INVALID_PARAMETER', '参数无效');
      const amount = cents(String(biz.refund_amount));
      const refunded = [...trade.refunds.values()].reduce((sum, text) => sum + cents(text), 0);
      if (refunded + amount > cents(trade.totalAmount))
        return failed(method, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      if (amount > state.balanceFen) return failed(method, 'ACQ.SELLER_BALANCE_NOT_ENOUGH', '卖家余额不足');
      state.balanceFen -= amount;
      trade.refunds.set(requestNo, String(biz.refund_amount));
      if (refunded + amount === cents(trade.totalAmount)) trade.status = 'TRADE_CLOSED';
    }
    return answer(method, {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: trade.orderNo,
      buyer_logon_id: '159****5620',
      fund_change: repeated ? 'N' : 'Y',
      refund_fee: yuan([...trade.refunds.values()].reduce((sum, text) => sum + cents(text), 0)),
    });
  }

  function handle(request: ReceivedRequest): ChannelReply {
    const url = new URL(request.url, 'http://fake');
    const params = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(request.body)),
    };
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    const valid = signatureValid(params);
    calls.push({ ...request, params, biz, signatureValid: valid });
    const method = params.method ?? '';
    if (!valid) {
      const refusal = {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      };
      // Alipay does not sign this refusal: it cannot tell whose key to answer for.
      return { status: 200, body: JSON.stringify({ [`${method.replaceAll('.', '_')}_response`]: refusal }) };
    }
    if (method === 'alipay.trade.wap.pay' && request.method === 'GET') return wapPay(params, biz);
    if (method === 'alipay.trade.query' && request.method === 'POST') return tradeQuery(biz);
    if (method === 'alipay.trade.refund' && request.method === 'POST') return tradeRefund(biz);
    return answer('error', { code: '40001', msg: 'Missing Required Arguments', sub_code: 'isv.missing-method' });
  }

  /** A form body of notification parameters, signed as Alipay signs them (without sign and sign_type). */
  function signedForm(params: Record<string, string>, key = options.alipayPrivateKey): string {
    const signature = sign(key, sortedText(params, ['sign', 'sign_type']));
    return new URLSearchParams({ ...params, sign_type: 'RSA2', sign: signature }).toString();
  }

  const server = await startChannelServer(handle);
  return {
    gatewayUrl: `${server.baseUrl}/gateway.do`,
    close: server.close,
    trades,
    calls,
    signAnswersWith(key: KeyObject) {
      state.answerKey = key;
    },
    /** The person pays at the cashier. */
    pay(orderNo: string) {
      const trade = trades.get(orderNo);
      if (!trade) throw new Error(`no trade ${orderNo}`);
      Object.assign(trade, { status: 'TRADE_SUCCESS', paidAt: china(new Date()) });
      return trade;
    },
    /** The trade's state notification as Alipay posts it; `change` alters parameters after signing. */
    notification(
      orderNo: string,
      tweak: { params?: Record<string, string>; signWith?: KeyObject; change?: Record<string, string> } = {},
    ) {
      const trade = trades.get(orderNo);
      if (!trade) throw new Error(`no trade ${orderNo}`);
      const refunded = [...trade.refunds.entries()];
      const params: Record<string, string> = {
        notify_time: china(new Date()),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: options.appId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: trade.tradeNo,
        out_trade_no: trade.orderNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        receipt_amount: trade.totalAmount,
        subject: trade.subject,
        gmt_payment: trade.paidAt ?? '',
        ...(refunded.length > 0
          ? {
              out_biz_no: refunded.at(-1)?.[0] ?? '',
              refund_fee: yuan(refunded.reduce((sum, [, text]) => sum + cents(text), 0)),
              gmt_refund: `${china(new Date())}.320`,
            }
          : {}),
        ...tweak.params,
      };
      const body = new URLSearchParams(signedForm(params, tweak.signWith));
      for (const [name, value] of Object.entries(tweak.change ?? {})) body.set(name, value);
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        rawBody: body.toString(),
      };
    },
  };
}
export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
