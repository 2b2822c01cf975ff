import { Coupon, type CouponCounts, CouponTemplate, type CouponType } from '@water/contract/coupons';
import type { GatewayCoupon, MemberKeyQuery } from '@water/contract/gateway';
import { asFen } from '@water/contract/money';
import { HttpError } from '../../lib/http-errors.ts';
import { wireOf } from '../../lib/wire.ts';
import { maskPhone } from '../members/members.service.ts';
import type { CouponRecord, CouponRow, StatusCounts, TemplateRecord, TemplateRow } from './coupons.repository.ts';

export const unusable = (message: string) => new HttpError(409, message, 'COUPON_UNUSABLE');

export function emptyCounts(): CouponCounts {
  return { issued: 0, unused: 0, locked: 0, used: 0, expired: 0, revoked: 0, discountCost: asFen(0) };
}

export function addCounts(counts: CouponCounts, row: StatusCounts): CouponCounts {
  const key = row.status.toLowerCase() as Exclude<keyof CouponCounts, 'issued' | 'discountCost'>;
  counts.issued += row.n;
  if (key in counts) counts[key] += row.n;
  if (row.status === 'USED') counts.discountCost = asFen(counts.discountCost + row.discount);
  return counts;
}

/** A coupon's value in its unit: fen off, percent off or ml free by its type, the other two null. */
export function valueByUnit(type: CouponType, value: number): Pick<Coupon, 'amountOff' | 'percentOff' | 'freeMl'> {
  return {
    amountOff: type === 'AMOUNT_OFF' ? asFen(value) : null,
    percentOff: type === 'PERCENT_OFF' ? value : null,
    freeMl: type === 'FREE_LITRES' ? value : null,
  };
}

export function templateDto(row: TemplateRow, counts: CouponCounts, names: Map<number, string>): CouponTemplate {
  const scopeNames = row.scopeIds.map((id) => names.get(id) ?? `#${id}`);
  return wireOf(CouponTemplate, {
    ...row,
    ...valueByUnit(row.type, row.value),
    scopeNames,
    scopeNamesText: scopeNames.join(', '),
    counts,
    issuedCount: counts.issued,
    usedCount: counts.used,
    expiredCount: counts.expired,
    discountCost: counts.discountCost,
  });
}

export const couponDto = (row: CouponRow): Coupon =>
  wireOf(Coupon, { ...row, ...valueByUnit(row.type, row.value), memberPhone: maskPhone(row.memberPhone) });

export function gatewayCoupon(coupon: CouponRecord, template: TemplateRecord): GatewayCoupon {
  return {
    code: coupon.code,
    name: template.name,
    type: template.type,
    value: template.value,
    minSpend: template.minSpend,
    maxDiscount: template.maxDiscount,
    validTo: coupon.validTo.getTime(),
  };
}

export const memberKeyOf = (input: MemberKeyQuery) =>
  input.memberPhone ? { phone: input.memberPhone } : input.memberOpenid ? { openid: input.memberOpenid } : undefined;
