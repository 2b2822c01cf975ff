import type { Fen } from '@water/contract/money';
import type { PaymentChannel, PaymentStart } from './payment-driver.ts';

/** An order of the public page to be paid through a channel. */
export interface PayableOrder {
  orderNo: string;
  channel: PaymentChannel;
  amountFen: Fen;
  /** What the consumer sees on the channel's page and statement ("纯净水 1.5 L"). */
  description: string;
}

/** Where the payment starts from: the consumer's phone. */
export interface PaymentContext {
  clientIp: string;
  /** The public page to come back to after paying (its order followed there). */
  returnUrl: string;
  /** The consumer's WeChat openid, when the page runs inside WeChat. */
  openid?: string;
}

/**
 * How the public page's orders start paying: through the driver configured for the channel
 * (sandbox, WeChat Pay v3, Alipay). A channel with no driver configured is refused with 409
 * `CHANNEL_UNAVAILABLE`; the channel's notification then pays the order, once.
 */
export interface PaymentStarter {
  start(order: PayableOrder, context: PaymentContext): Promise<PaymentStart>;
  /** The channels a consumer can pay with now. */
  channels(): Promise<readonly PaymentChannel[]>;
}
