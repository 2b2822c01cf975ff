import { COUPON_STATE_MACHINE } from '@water/contract/coupons';
import type { Fen } from '@water/contract/money';
import { allows } from '@water/contract/state-machine';
import type { Database } from '../../db/client.ts';
import { formatDateTime } from '../../lib/time.ts';
import { unusable } from './coupon-dto.ts';
import { type CouponBase, type CouponMachine, couponDiscount, goodAt } from './coupon-rules.ts';
import { type CouponRecord, couponsRepository as repo, type TemplateRecord } from './coupons.repository.ts';

/**
 * A member's coupon checked for an order: theirs, not used or locked, within its window, good at
 * the machine and reached by the order; answers what it takes off, or refuses with the reason
 * (`COUPON_UNUSABLE`). `lock` takes the coupon's row for the order being made.
 */
export async function usableCoupon(
  tx: Database,
  now: Date,
  code: string,
  memberId: number,
  machine: CouponMachine,
  order: CouponBase,
  lock: boolean,
): Promise<{ coupon: CouponRecord; template: TemplateRecord; amount: Fen }> {
  const coupon = await repo.couponByCode(tx, code.toUpperCase(), lock);
  if (!coupon || coupon.memberId !== memberId) throw unusable(`The member holds no coupon ${code}`);
  if (!allows(COUPON_STATE_MACHINE, coupon.status, 'LOCK')) {
    throw unusable(`Coupon ${coupon.code} is ${coupon.status}`);
  }
  if (coupon.validFrom > now || coupon.validTo <= now) {
    throw unusable(
      `Coupon ${coupon.code} is valid from ${formatDateTime(coupon.validFrom)} to ${formatDateTime(coupon.validTo)}`,
    );
  }
  const template = (await repo.template(tx, coupon.templateId)) as TemplateRecord;
  if (!goodAt(template, machine)) throw unusable(`Coupon ${coupon.code} is not good at this machine`);
  const amount = couponDiscount(template, order);
  if (typeof amount === 'string') throw unusable(`Coupon ${coupon.code}: ${amount}`);
  return { coupon, template, amount };
}
