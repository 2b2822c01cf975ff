import type { Fen } from '@water/contract/money';
import type { PaymentChannel } from '@water/contract/payments';

/**
 * One interface for the payment channels a consumer pays with on the phone page (WeChat Pay,
 * Alipay): start a payment, take the channel's notification, ask the channel a payment's state,
 * refund. Our order numbers are the channels' merchant order numbers (`out_trade_no`).
 */
export interface PaymentDriver {
  readonly channel: PaymentChannel;
  createPayment(request: PaymentRequest): Promise<PaymentStart>;
  /** Verifies a notification and says what it proves; throws `NotificationRefused` otherwise. */
  takeNotification(notification: ChannelNotification): TakenNotification;
  query(orderNo: string): Promise<ChannelPaymentState>;
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

export type { PaymentChannel };

export interface PaymentRequest {
  orderNo: string;
  amountFen: Fen;
  /** What the person sees on the channel's page and statement ("纯净水 5L"). */
  description: string;
  notifyUrl: string;
  /** Where the channel sends the person back after paying in a phone browser. */
  returnUrl?: string;
  /** The person's WeChat openid for our app: present inside WeChat (JSAPI), absent elsewhere (H5). */
  openid?: string;
  clientIp: string;
}

/** The signed parameters `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` and `wx.chooseWXPay` take. */
export interface WechatBridgeParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** What the phone page needs to start paying: call the WeChat bridge, or go to the channel's page. */
export type PaymentStart = { kind: 'WECHAT_BRIDGE'; params: WechatBridgeParams } | { kind: 'REDIRECT'; url: string };

/** A notification as it reached us: the headers (names in lower case, as Node gives them) and the body's bytes. */
export interface ChannelNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The answer the channel expects back; anything else makes it send the notification again. */
export interface ChannelAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A verified fact a notification proves. */
export type ChannelFact =
  | {
      type: 'PAID';
      orderNo: string;
      channelTradeNo: string;
      amountFen: Fen;
      paidAt: Date;
      /** The payer's id at the channel (WeChat openid, Alipay buyer id), when it says it. */
      payerId?: string;
    }
  /** The trade was closed unpaid (Alipay tells; WeChat does not notify closing). */
  | { type: 'CLOSED'; orderNo: string; channelTradeNo: string }
  | {
      type: 'REFUND';
      orderNo: string;
      refundNo: string;
      /** The channel's refund number (WeChat `refund_id`; Alipay's trade number, its refunds having none). */
      channelRefundNo: string;
      outcome: 'SUCCEEDED' | 'FAILED';
      /** This refund's amount, when the channel says it (WeChat). */
      amountFen?: Fen;
      /** All refunded on the payment so far, when the channel says it (Alipay). */
      refundedTotalFen?: Fen;
      at: Date;
    };

export interface TakenNotification {
  fact: ChannelFact;
  /**
   * The notification's own id (WeChat's `id`, Alipay's `notify_id`, the sandbox's): a channel
   * sends one notification again with the same id, so one taken before is a replay.
   */
  notificationId: string;
  answer: ChannelAnswer;
}

/** The channel's state of one payment. */
export type ChannelPaymentState =
  | { state: 'PAID'; channelTradeNo: string; amountFen: Fen; paidAt: Date | undefined }
  /** Paid, then (partly or fully) refunded: WeChat's `REFUND`. */
  | { state: 'REFUNDED'; channelTradeNo: string; amountFen: Fen }
  | { state: 'NOT_PAID' }
  /** Closed unpaid, or (Alipay) closed after a full refund. */
  | { state: 'CLOSED'; channelTradeNo: string | undefined }
  | { state: 'FAILED'; reason: string }
  | { state: 'NOT_FOUND' };

export interface RefundRequest {
  orderNo: string;
  /** Our refund number: the channel's idempotency key for this refund. */
  refundNo: string;
  amountFen: Fen;
  /** The payment's whole amount (WeChat checks it). */
  totalFen: Fen;
  reason: string;
  /** Where WeChat sends the refund's outcome. */
  notifyUrl?: string;
}

/**
 * What the channel did with a refund. `ACCEPTED`: it is under way and its outcome comes by
 * notification or query; `REFUSED`: the channel said no (balance, state, unknown trade), with its code.
 */
export type RefundOutcome =
  | { status: 'ACCEPTED' | 'SUCCEEDED'; channelRefundNo: string }
  | { status: 'FAILED'; channelRefundNo: string; code: string }
  | { status: 'REFUSED'; code: string; message: string };

/** Why a notification is refused. */
export type NotificationRefusal =
  | 'BAD_SIGNATURE'
  /** Signed by a key we do not know (another platform certificate's serial). */
  | 'UNKNOWN_KEY'
  /** Its timestamp is more than five minutes from ours: a replay or a delayed forgery. */
  | 'STALE'
  /** Its encrypted resource does not open under our key (changed on the way, or not for us). */
  | 'BAD_CIPHERTEXT'
  | 'OTHER_MERCHANT'
  | 'BAD_AMOUNT'
  | 'MALFORMED';

/**
 * A notification that proves nothing: no fact may be taken from it. `answer` is what the channel
 * understands as "not taken" (it will retry a genuine one later).
 */
export class NotificationRefused extends Error {
  constructor(
    readonly reason: NotificationRefusal,
    readonly answer: ChannelAnswer,
  ) {
    super(`payment notification refused: ${reason}`);
    this.name = 'NotificationRefused';
  }
}

/** Why a call to a channel gave no usable answer. */
export type ChannelCallFailure =
  /** The channel answered with an error of its own (`code` is the channel's). */
  | 'CHANNEL_ERROR'
  /** The answer's signature is missing or wrong: it may not come from the channel. */
  | 'BAD_SIGNATURE'
  /** The answer is not what the protocol says (not JSON, an amount that is not whole fen). */
  | 'BAD_ANSWER'
  | 'UNREACHABLE';

/** A call to a channel that failed; `channelCode` keeps the channel's own code (`SYSTEM_ERROR`, `ACQ.SYSTEM_ERROR`). */
export class ChannelCallError extends Error {
  constructor(
    readonly channel: PaymentChannel,
    readonly failure: ChannelCallFailure,
    message: string,
    readonly channelCode?: string,
    readonly httpStatus?: number,
  ) {
    super(`${channel} ${failure}${channelCode ? ` ${channelCode}` : ''}: ${message}`);
    this.name = 'ChannelCallError';
  }
}

/** A header's value as one string (the first when repeated). */
export function headerOf(headers: ChannelNotification['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
