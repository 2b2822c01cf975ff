import type { PolicyScope, PricePolicy, PricePolicyCreateInput } from '@water/contract/price-policies';
import dayjs, { type Dayjs } from 'dayjs';
import Decimal from 'decimal.js';

/** The form's values: prices in yuan per litre as typed (text, two decimals), the start as a picked time. */
export interface PolicyFormValues {
  name: string;
  scope: PolicyScope;
  scopeId?: number;
  priceWechat: string;
  priceAlipay: string;
  priceCard: string;
  priceCoin: string;
  memberPrice?: string | null;
  discountPct: string;
  effectiveFrom: Dayjs;
  status: PricePolicy['status'];
}

const yuan = (fen: number) => new Decimal(fen).dividedBy(100).toFixed(2);
const fen = (value: string) => new Decimal(value).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

export const newPolicy = (): Partial<PolicyFormValues> => ({
  scope: 'ALL',
  discountPct: '0',
  effectiveFrom: dayjs().startOf('minute'),
  status: 'ACTIVE',
});

export function toPolicyFormValues(policy: PricePolicy): PolicyFormValues {
  return {
    name: policy.name,
    scope: policy.scope,
    scopeId: policy.scopeId ?? undefined,
    priceWechat: yuan(policy.priceWechat),
    priceAlipay: yuan(policy.priceAlipay),
    priceCard: yuan(policy.priceCard),
    priceCoin: yuan(policy.priceCoin),
    memberPrice: policy.memberPrice === null ? null : yuan(policy.memberPrice),
    discountPct: policy.discountPct,
    effectiveFrom: dayjs(policy.effectiveFrom),
    status: policy.status,
  };
}

/** What the server takes: fen per litre, the start as `yyyy-MM-dd HH:mm:ss`. */
export function toPolicyInput(values: PolicyFormValues): Omit<PricePolicyCreateInput, 'id'> {
  return {
    name: values.name.trim(),
    scope: values.scope,
    scopeId: values.scope === 'ALL' ? null : (values.scopeId ?? null),
    priceWechat: fen(values.priceWechat),
    priceAlipay: fen(values.priceAlipay),
    priceCard: fen(values.priceCard),
    priceCoin: fen(values.priceCoin),
    memberPrice: values.memberPrice ? fen(values.memberPrice) : null,
    discountPct: new Decimal(values.discountPct || '0').toFixed(2),
    effectiveFrom: values.effectiveFrom.format('YYYY-MM-DD HH:mm:ss'),
    status: values.status,
  };
}
