import {
  type ChannelNotification,
  NotificationRefused,
  type PaymentDriver,
} from '../../src/modules/payments/payment-driver.ts';

/** The refusal of a notification by a driver; fails the test when a fact is taken from it instead. */
export function refusalOf(driver: PaymentDriver, notification: ChannelNotification): NotificationRefused {
  let fact: unknown;
  try {
    fact = driver.takeNotification(notification).fact;
  } catch (error) {
    if (error instanceof NotificationRefused) return error;
    throw error;
  }
  throw new Error(`taken as ${JSON.stringify(fact)}`);
}
