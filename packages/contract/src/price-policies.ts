import Type, { type Static } from 'typebox';
import { AbsentId, DateTime, Id, nullable, OneOf, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';
import { type Fen, FenField } from './money.ts';

/** The permissions of the price policies page. */
export const POLICY_PERMISSIONS = {
  list: 'policy:list',
  add: 'policy:add',
  edit: 'policy:edit',
  del: 'policy:del',
} as const;

/**
 * Which machines a policy prices: every machine, those of a model, those an agent (or an agent
 * beneath it) holds, or one machine. The most specific wins: machine, then the nearest agent,
 * then the model, then every machine; among equals, the one in effect most recently.
 */
export const POLICY_SCOPES = ['ALL', 'MODEL', 'AGENT', 'MACHINE'] as const;
export type PolicyScope = (typeof POLICY_SCOPES)[number];
export const POLICY_STATUSES = ['ACTIVE', 'DISABLED'] as const;

/** The highest price of a litre: 1,000 yuan. */
export const PRICE_MAX = 100_000;

export const PricePolicy = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scope: OneOf(POLICY_SCOPES),
  scopeId: Type.Union([Type.Integer(), Type.Null()]),
  /** The model's, agent's or machine's name (serial number); null for every machine. */
  scopeName: Type.Union([Type.String(), Type.Null()]),
  priceWechat: FenField({ description: 'fen per litre' }),
  priceAlipay: FenField(),
  priceCard: FenField(),
  priceCoin: FenField(),
  memberPrice: Type.Union([FenField(), Type.Null()]),
  discountPct: Type.String({ description: 'percent off, two decimals' }),
  effectiveFrom: DateTime,
  status: OneOf(POLICY_STATUSES),
  createTime: Type.Union([DateTime, Type.Null()]),
});
export type PricePolicy = Static<typeof PricePolicy>;

/** The price policies list: its page's columns and its Excel file's (prices in yuan per litre). */
export const PRICE_POLICY_COLUMNS = listColumns<PricePolicy>()({
  name: { field: 'name', title: 'policies.name', sortable: true, width: 170 },
  scope: {
    field: 'scope',
    title: 'policies.scope',
    kind: 'enum',
    labels: 'policies.scopeShort',
    sortable: true,
    width: 200,
  },
  scopeName: { field: 'scopeName', title: 'policies.target', fileOnly: true },
  wechat: { field: 'priceWechat', title: 'policies.wechat', kind: 'money', width: 100 },
  alipay: { field: 'priceAlipay', title: 'policies.alipay', kind: 'money', width: 100 },
  card: { field: 'priceCard', title: 'policies.card', kind: 'money', width: 100 },
  coin: { field: 'priceCoin', title: 'policies.coin', kind: 'money', width: 100 },
  member: { field: 'memberPrice', title: 'policies.member', kind: 'money', hidden: true, width: 100 },
  discount: { field: 'discountPct', title: 'policies.discountOff', kind: 'percent', width: 90 },
  effectiveFrom: { field: 'effectiveFrom', title: 'policies.effectiveFrom', sortable: true, width: 170 },
  status: { field: 'status', title: 'policies.status', kind: 'enum', labels: 'policies.statuses', width: 90 },
});

export const PricePolicyQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the name' })),
  scope: Type.Optional(OneOf(POLICY_SCOPES)),
  status: Type.Optional(OneOf(POLICY_STATUSES)),
});
export type PricePolicyQuery = Static<typeof PricePolicyQuery>;

const price = () => FenField({ minimum: 0, maximum: PRICE_MAX, description: 'fen per litre' });

const policyFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  scope: OneOf(POLICY_SCOPES),
  scopeId: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: 2 ** 31 - 1 })),
  priceWechat: price(),
  priceAlipay: price(),
  priceCard: price(),
  priceCoin: price(),
  memberPrice: Type.Optional(nullable<Fen>('integer', { minimum: 0, maximum: PRICE_MAX })),
  discountPct: Type.String({
    pattern: '^(100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?)$',
    errorMessage: 'must be a percent from 0 to 100 with at most two decimals',
  }),
  effectiveFrom: DateTime,
  status: Type.Optional(OneOf(POLICY_STATUSES)),
};

export const PricePolicyCreateInput = Type.Object({ id: AbsentId, ...policyFields });
export type PricePolicyCreateInput = Static<typeof PricePolicyCreateInput>;
export const PricePolicyUpdateInput = Type.Object({ id: Id(), ...policyFields });
export type PricePolicyUpdateInput = Static<typeof PricePolicyUpdateInput>;
