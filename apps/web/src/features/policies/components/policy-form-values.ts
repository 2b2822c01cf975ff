import type { PolicyScope, PricePolicy, PricePolicyCreateInput } from '@water/contract/price-policies';
import dayjs, { type Dayjs } from 'dayjs';
import { formatUnits, parseUnits } from '@/lib/format/fixed-point.ts';
import { type Fen, fenToYuan, yuanToFen } from '@/lib/format/money.ts';

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

/** A channel's price: the form requires it, so it is never left out here. */
const fen = (yuan: string) => yuanToFen(yuan) as Fen;

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
    priceWechat: fenToYuan(policy.priceWechat),
    priceAlipay: fenToYuan(policy.priceAlipay),
    priceCard: fenToYuan(policy.priceCard),
    priceCoin: fenToYuan(policy.priceCoin),
    memberPrice: policy.memberPrice === null ? null : fenToYuan(policy.memberPrice),
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
    memberPrice: yuanToFen(values.memberPrice),
    discountPct: formatUnits(parseUnits(values.discountPct, 2) ?? 0, 2),
    effectiveFrom: values.effectiveFrom.format('YYYY-MM-DD HH:mm:ss'),
    status: values.status,
  };
}
