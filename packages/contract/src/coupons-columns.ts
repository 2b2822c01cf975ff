import type { Coupon, CouponTemplate, Member } from './coupons.ts';
import { listColumns } from './list-columns.ts';

/**
 * The coupon templates list. The page shows a template's value, scope, issue and validity each in
 * one cell; the file has them column by column, the value in its unit (fen, percent or ml).
 */
export const COUPON_TEMPLATE_COLUMNS = listColumns<CouponTemplate>()({
  name: { field: 'name', title: 'coupons.name', sortable: true, width: 170 },
  value: { field: 'type', title: 'coupons.type', kind: 'enum', labels: 'coupons.types', width: 190 },
  amountOff: { field: 'amountOff', title: 'coupons.valueAmount', kind: 'money', fileOnly: true },
  percentOff: { field: 'percentOff', title: 'coupons.valuePercent', kind: 'percent', fileOnly: true },
  freeMl: { field: 'freeMl', title: 'coupons.valueLitres', kind: 'ml', fileOnly: true },
  minSpend: { field: 'minSpend', title: 'coupons.minSpendTitle', kind: 'money', fileOnly: true },
  maxDiscount: { field: 'maxDiscount', title: 'coupons.maxDiscountTitle', kind: 'money', fileOnly: true },
  scope: { field: 'scope', title: 'coupons.scope', kind: 'enum', labels: 'coupons.scopeShort', width: 170 },
  targets: { field: 'scopeNamesText', title: 'coupons.targets', fileOnly: true },
  issueType: { field: 'issueType', title: 'coupons.issueType', kind: 'enum', labels: 'coupons.issueShort', width: 120 },
  claimCode: { field: 'claimCode', title: 'coupons.claimCode', fileOnly: true },
  validity: { field: 'validType', title: 'coupons.validity', kind: 'enum', labels: 'coupons.validTypes', width: 180 },
  validFrom: { field: 'validFrom', title: 'coupons.validFrom', fileOnly: true },
  validTo: { field: 'validTo', title: 'coupons.validTo', fileOnly: true },
  validDays: { field: 'validDays', title: 'coupons.validDays', fileOnly: true },
  status: {
    field: 'status',
    title: 'coupons.status',
    kind: 'enum',
    labels: 'coupons.statuses',
    sortable: true,
    width: 100,
  },
  issued: { field: 'issuedCount', title: 'coupons.issuedCount', width: 110 },
  total: { field: 'total', title: 'coupons.total', fileOnly: true },
  redemption: { field: 'usedCount', title: 'coupons.usedCount', width: 150 },
  expired: { field: 'expiredCount', title: 'coupons.expiredCount', fileOnly: true },
  cost: { field: 'discountCost', title: 'coupons.cost', kind: 'money', width: 110 },
  fundedBy: {
    field: 'fundedBy',
    title: 'coupons.fundedBy',
    kind: 'enum',
    labels: 'coupons.funders',
    hidden: true,
    width: 100,
  },
  owner: { field: 'agentName', title: 'coupons.owner', hidden: true, width: 130 },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, hidden: true, width: 170 },
});

/** The issued coupons list: the page shows the value in words, the file in its unit. */
export const COUPON_COLUMNS = listColumns<Coupon>()({
  code: { field: 'code', title: 'coupons.code', width: 140 },
  template: { field: 'templateName', title: 'coupons.template', width: 150 },
  value: { field: 'type', title: 'coupons.type', kind: 'enum', labels: 'coupons.types', width: 150 },
  amountOff: { field: 'amountOff', title: 'coupons.valueAmount', kind: 'money', fileOnly: true },
  percentOff: { field: 'percentOff', title: 'coupons.valuePercent', kind: 'percent', fileOnly: true },
  freeMl: { field: 'freeMl', title: 'coupons.valueLitres', kind: 'ml', fileOnly: true },
  member: { field: 'memberPhone', title: 'coupons.member', width: 130 },
  status: {
    field: 'status',
    title: 'coupons.status',
    kind: 'enum',
    labels: 'coupons.couponStatuses',
    sortable: true,
    width: 110,
  },
  validTo: { field: 'validTo', title: 'coupons.validTo', sortable: true, width: 170 },
  order: { field: 'orderNo', title: 'coupons.order', width: 190 },
  discount: { field: 'discountAmount', title: 'coupons.discount', kind: 'money', width: 100 },
  issueType: { field: 'issueType', title: 'coupons.issueType', kind: 'enum', labels: 'coupons.issueShort', width: 100 },
  createTime: { field: 'createTime', title: 'coupons.issuedAt', sortable: true, width: 170 },
  validFrom: { field: 'validFrom', title: 'coupons.validFrom', hidden: true, width: 170 },
  usedTime: { field: 'usedTime', title: 'coupons.usedTime', hidden: true, width: 170 },
});

/** The members list (phones and payment accounts masked, figures within the caller's reach). */
export const MEMBER_COLUMNS = listColumns<Member>()({
  phone: { field: 'phone', title: 'members.phone', width: 130 },
  openid: { field: 'openid', title: 'members.openid', width: 140 },
  agent: { field: 'agentName', title: 'members.agent', width: 150 },
  orders: { field: 'orders', title: 'members.orders', sortable: true, width: 110 },
  paidTotal: { field: 'paidTotal', title: 'members.paidTotal', kind: 'money', sortable: true, width: 120 },
  unusedCoupons: { field: 'unusedCoupons', title: 'members.unusedCoupons', width: 120 },
  lastOrder: { field: 'lastOrderTime', title: 'members.lastOrder', sortable: true, width: 170 },
  joined: { field: 'createTime', title: 'members.joined', sortable: true, width: 170 },
});
