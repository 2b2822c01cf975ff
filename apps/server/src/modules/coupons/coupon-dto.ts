import type { Coupon, CouponCounts, CouponTemplate, CouponType } from '@water/contract/coupons';
import type { GatewayCoupon, MemberKeyQuery } from '@water/contract/gateway';
import { asFen } from '@water/contract/money';
import { HttpError } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';
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
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    value: row.value,
    ...valueByUnit(row.type, row.value),
    minSpend: row.minSpend,
    maxDiscount: row.maxDiscount,
    scope: row.scope,
    scopeIds: row.scopeIds,
    scopeNames,
    scopeNamesText: scopeNames.join(', '),
    issueType: row.issueType,
    claimCode: row.claimCode,
    total: row.total,
    perMember: row.perMember,
    validType: row.validType as CouponTemplate['validType'],
    validFrom: formatDateTime(row.validFrom),
    validTo: formatDateTime(row.validTo),
    validDays: row.validDays,
    fundedBy: row.fundedBy as CouponTemplate['fundedBy'],
    agentId: row.agentId,
    agentName: row.agentName,
    status: row.status,
    counts,
    issuedCount: counts.issued,
    usedCount: counts.used,
    expiredCount: counts.expired,
    discountCost: counts.discountCost,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime) as string,
  };
}

export function couponDto(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    templateId: row.templateId,
    templateName: row.templateName,
    type: row.type,
    value: row.value,
    ...valueByUnit(row.type, row.value),
    memberPhone: maskPhone(row.memberPhone),
    issueType: row.issueType,
    status: row.status,
    validFrom: formatDateTime(row.validFrom) as string,
    validTo: formatDateTime(row.validTo) as string,
    orderNo: row.orderNo,
    discountAmount: row.discountAmount,
    createTime: formatDateTime(row.createTime) as string,
    usedTime: formatDateTime(row.usedTime),
  };
}

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
