import { createSign, type KeyObject, randomBytes } from 'node:crypto';
import { type ChannelReply, type ReceivedRequest, startChannelServer } from './channel-server.ts';
import { isMerchantRequestSigned, sealedEnvelope, wechatTime } from './wechat-pay-wire.ts';

/** The merchant as WeChat Pay knows it, and the platform's own keys. */
export interface FakeWechatPayOptions {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  platformKeyId: string;
  apiV3Key: string;
  /** The merchant's balance refunds are paid from (NOT_ENOUGH beyond it). */
  balanceFen?: number;
}

export interface FakeWechatPayment {
  orderNo: string;
  totalFen: number;
  tradeType: 'JSAPI' | 'MWEB';
  state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED';
  transactionId: string;
  prepayId: string;
  openid?: string;
  paidAt?: string;
}

export interface FakeWechatRefund {
  refundNo: string;
  orderNo: string;
  refundId: string;
  amountFen: number;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL';
}

/** A request the fake took, with whether its `WECHATPAY2-SHA256-RSA2048` signature was right. */
export interface WechatRecordedRequest extends ReceivedRequest {
  json: Record<string, unknown> | undefined;
  signatureValid: boolean;
}

const base64Sign = (key: KeyObject, message: string) => createSign('RSA-SHA256').update(message).sign(key, 'base64');

/**
 * WeChat Pay API v3 played locally: it checks each request's signature with the merchant's public
 * key (SIGN_ERROR otherwise), keeps orders and refunds, signs its answers with the platform key,
 * and builds notifications as WeChat sends them (signed, resource encrypted with the API v3 key).
 */
export async function startFakeWechatPay(options: FakeWechatPayOptions) {
  const payments = new Map<string, FakeWechatPayment>();
  const refunds = new Map<string, FakeWechatRefund>();
  const requests: WechatRecordedRequest[] = [];
  const state = { answerKey: options.platformPrivateKey, balanceFen: options.balanceFen ?? 1_000_000 };

  /** Headers signing `body` as WeChat Pay does, `ageSeconds` in the past. */
  function signedHeaders(body: string, { ageSeconds = 0, key = state.answerKey } = {}) {
    const timestamp = String(Math.floor(Date.now() / 1000) - ageSeconds);
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': options.platformKeyId,
      'wechatpay-signature': base64Sign(key, `${timestamp}\n${nonce}\n${body}\n`),
    };
  }
  const answer = (status: number, json: object): ChannelReply => {
    const body = JSON.stringify(json);
    return { status, headers: { 'content-type': 'application/json', ...signedHeaders(body) }, body };
  };
  const error = (status: number, code: string, message: string) => answer(status, { code, message });

  function order(json: Record<string, unknown>, tradeType: FakeWechatPayment['tradeType']): ChannelReply {
    const amount = json.amount as { total?: unknown } | undefined;
    const orderNo = json.out_trade_no as string;
    if (json.mchid !== options.mchId) return error(400, 'MCH_NOT_EXISTS', '商户号不存在');
    if (json.appid !== options.appId) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    if (!orderNo || !json.notify_url || !Number.isInteger(amount?.total) || (amount?.total as number) <= 0)
      return error(400, 'PARAM_ERROR', '参数错误');
    const known = payments.get(orderNo);
    if (known && known.state !== 'NOTPAY') return error(400, 'ORDERPAID', '该订单已支付');
    const payment: FakeWechatPayment = known ?? {
      orderNo,
      totalFen: amount?.total as number,
      tradeType,
      state: 'NOTPAY',
      transactionId: `4200${String(payments.size + 1).padStart(24, '0')}`,
      prepayId: `wx${randomBytes(15).toString('hex')}`,
      openid: (json.payer as { openid?: string } | undefined)?.openid,
    };
    payments.set(orderNo, payment);
    if (tradeType === 'JSAPI') return answer(200, { prepay_id: payment.prepayId });
    return answer(200, {
      h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${payment.prepayId}&package=1037687096`,
    });
  }

  function trade(payment: FakeWechatPayment) {
    return {
      appid: options.appId,
      mchid: options.mchId,
      out_trade_no: payment.orderNo,
      ...(payment.state === 'NOTPAY' ? {} : { transaction_id: payment.transactionId }),
      trade_type: payment.tradeType,
      trade_state: payment.state,
      trade_state_desc: payment.state === 'SUCCESS' ? '支付成功' : '',
      ...(payment.paidAt ? { success_time: payment.paidAt, payer: { openid: payment.openid ?? 'o-h5-payer' } } : {}),
      amount: { total: payment.totalFen, payer_total: payment.totalFen, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  function refund(json: Record<string, unknown>): ChannelReply {
    const amount = (json.amount ?? {}) as { refund?: number; total?: number };
    const payment = payments.get(json.out_trade_no as string);
    const refundNo = json.out_refund_no as string;
    const same = refunds.get(refundNo);
    if (same) return answer(200, refundAnswer(same));
    if (!payment || payment.state === 'NOTPAY' || payment.state === 'CLOSED')
      return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const refunded = [...refunds.values()]
      .filter((r) => r.orderNo === payment.orderNo)
      .reduce((s, r) => s + r.amountFen, 0);
    if (!Number.isInteger(amount.refund) || amount.total !== payment.totalFen)
      return error(400, 'PARAM_ERROR', '订单金额或退款金额与之前请求不一致');
    if (refunded + (amount.refund as number) > payment.totalFen)
      return error(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    if ((amount.refund as number) > state.balanceFen)
      return error(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
    state.balanceFen -= amount.refund as number;
    const taken: FakeWechatRefund = {
      refundNo,
      orderNo: payment.orderNo,
      refundId: `5030${String(refunds.size + 1).padStart(25, '0')}`,
      amountFen: amount.refund as number,
      status: 'PROCESSING',
    };
    refunds.set(refundNo, taken);
    payment.state = 'REFUND';
    return answer(200, refundAnswer(taken));
  }

  function refundAnswer(taken: FakeWechatRefund) {
    const payment = payments.get(taken.orderNo) as FakeWechatPayment;
    return {
      refund_id: taken.refundId,
      out_refund_no: taken.refundNo,
      transaction_id: payment.transactionId,
      out_trade_no: taken.orderNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: wechatTime(new Date()),
      status: taken.status,
      amount: {
        total: payment.totalFen,
        refund: taken.amountFen,
        payer_total: payment.totalFen,
        payer_refund: taken.amountFen,
        currency: 'CNY',
      },
    };
  }

  function handle(request: ReceivedRequest): ChannelReply {
    const json = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : undefined;
    const valid = isMerchantRequestSigned(options, request);
    requests.push({ ...request, json, signatureValid: valid });
    // WeChat Pay does not sign this refusal: it cannot tell which merchant is asking.
    if (!valid)
      return {
        status: 401,
        headers: { 'content-type': 'application/json' },
        body: '{"code":"SIGN_ERROR","message":"签名错误"}',
      };
    const url = new URL(request.url, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi') return order(json ?? {}, 'JSAPI');
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/h5') return order(json ?? {}, 'MWEB');
    if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return refund(json ?? {});
    const byOrderNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && byOrderNo?.[1]) {
      if (url.searchParams.get('mchid') !== options.mchId) return error(400, 'PARAM_ERROR', 'mchid与请求方不一致');
      const payment = payments.get(decodeURIComponent(byOrderNo[1]));
      return payment ? answer(200, trade(payment)) : error(404, 'ORDER_NOT_EXIST', '订单不存在');
    }
    return error(404, 'RESOURCE_NOT_EXISTS', '请求的资源不存在');
  }

  const server = await startChannelServer(handle);
  return {
    baseUrl: server.baseUrl,
    close: server.close,
    payments,
    refunds,
    requests,
    /** Signs answers with another key from now on (a man in the middle). */
    signAnswersWith(key: KeyObject) {
      state.answerKey = key;
    },
    /** The person pays: the order becomes SUCCESS. */
    pay(orderNo: string) {
      const payment = payments.get(orderNo);
      if (!payment) throw new Error(`no order ${orderNo}`);
      Object.assign(payment, { state: 'SUCCESS', paidAt: wechatTime(new Date()) });
      return payment;
    },
    /** The refund reaches the person's account (or fails). */
    settleRefund(refundNo: string, status: 'SUCCESS' | 'ABNORMAL' = 'SUCCESS') {
      const taken = refunds.get(refundNo);
      if (!taken) throw new Error(`no refund ${refundNo}`);
      taken.status = status;
    },
    /** TRANSACTION.SUCCESS of a paid order, as WeChat Pay posts it; `content` changes its decrypted fields. */
    paymentNotification(
      orderNo: string,
      tweak: { content?: object; ageSeconds?: number; signWith?: KeyObject; apiV3Key?: string } = {},
    ) {
      const payment = payments.get(orderNo);
      if (!payment) throw new Error(`no order ${orderNo}`);
      const content = { ...trade(payment), ...tweak.content };
      const rawBody = sealedEnvelope(tweak.apiV3Key ?? options.apiV3Key, 'TRANSACTION.SUCCESS', 'transaction', content);
      return {
        headers: signedHeaders(rawBody, {
          ageSeconds: tweak.ageSeconds,
          key: tweak.signWith ?? options.platformPrivateKey,
        }),
        rawBody,
      };
    },
    /** REFUND.SUCCESS (or ABNORMAL) of a settled refund. */
    refundNotification(refundNo: string) {
      const taken = refunds.get(refundNo);
      if (!taken) throw new Error(`no refund ${refundNo}`);
      const { amount, channel: _, create_time: __, status, ...rest } = refundAnswer(taken);
      const content = {
        mchid: options.mchId,
        ...rest,
        refund_status: status,
        success_time: wechatTime(new Date()),
        amount,
      };
      const rawBody = sealedEnvelope(options.apiV3Key, `REFUND.${status}`, 'refund', content);
      return { headers: signedHeaders(rawBody, { key: options.platformPrivateKey }), rawBody };
    },
    /** Signs any body as the platform does (to test a changed ciphertext that is signed again). */
    signedNotification(rawBody: string) {
      return { headers: signedHeaders(rawBody, { key: options.platformPrivateKey }), rawBody };
    },
  };
}
export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
