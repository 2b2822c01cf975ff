import { HttpError } from '../../lib/http-errors.ts';
import type { PaymentStarter } from './payment-starter.ts';

/**
 * The payment starter of a server with no payment channel configured: no channel can be paid
 * with, and starting a payment is refused as the page would be for a channel without a driver.
 */
export const noPaymentChannels: PaymentStarter = {
  async channels() {
    return [];
  },
  async start(order) {
    throw new HttpError(
      409,
      { key: 'errors.consumers.channelUnavailable', values: { channel: order.channel } },
      'CHANNEL_UNAVAILABLE',
    );
  },
};
