import type { CouponType } from '@water/contract/coupons';
import { asFen, type Fen } from '@water/contract/money';
import type { TFunction } from 'i18next';
import { formatUnits } from '@/lib/format/fixed-point.ts';
import { formatFen } from '@/lib/format/money.ts';

/** What a coupon takes off, in words: "CN¥3.00 off", "20 % off, at most CN¥2.00", "1.5 L free". */
export function couponValueText(
  t: TFunction,
  language: string,
  coupon: { type: CouponType; value: number; maxDiscount?: Fen | null },
): string {
  if (coupon.type === 'AMOUNT_OFF') return t('coupons.amountOff', { amount: formatFen(asFen(coupon.value), language) });
  if (coupon.type === 'FREE_LITRES')
    return t('coupons.freeLitres', { litres: formatUnits(coupon.value, 3, { trimZeros: true }) });
  if (coupon.maxDiscount) {
    return t('coupons.percentOffCapped', { value: coupon.value, cap: formatFen(coupon.maxDiscount, language) });
  }
  return t('coupons.percentOff', { value: coupon.value });
}
