import { invalidField } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';

/** How far back a machine may date a sale it made offline. */
const OFFLINE_SALE_MAX_AGE_MS = 30 * 24 * 3_600_000;
/** How far ahead of the server's clock a machine's time may run. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** A time the machine gives (now when it gives none), checked against the server's clock. */
export function machineTime(now: Date, field: string, ms: number | undefined): Date {
  if (ms === undefined) return now;
  if (ms > now.getTime() + CLOCK_SKEW_MS || ms < now.getTime() - OFFLINE_SALE_MAX_AGE_MS) {
    throw invalidField(field, 'lies in the future or more than 30 days back');
  }
  return new Date(ms);
}

/** A payment's time: never before its order was made (beyond the clock skew allowed). */
export function checkedPaidAt(order: { createTime: Date }, paidAt: Date): Date {
  if (paidAt.getTime() < order.createTime.getTime() - CLOCK_SKEW_MS) {
    throw invalidField('paidAt', `lies before the order was made (${formatDateTime(order.createTime)})`);
  }
  return paidAt;
}
