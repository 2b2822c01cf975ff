import type { PolicyScope, PricePolicy } from '@water/contract/price-policies';
import { boolean, index, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { audit, fen, id, ts } from '../../db/columns.ts';

/**
 * What a litre costs, per payment channel, for the machines in its scope: every machine
 * (`ALL`), a model, an agent and the agents beneath it, or one machine. The most specific
 * active policy in effect wins (machine, then the nearest agent, then model, then all).
 */
export const pricePolicies = pgTable(
  'biz_price_policy',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    /** `ALL`, `MODEL`, `AGENT` or `MACHINE`. */
    scope: varchar('scope', { length: 8 }).$type<PolicyScope>().notNull(),
    /** The model, agent or machine; null for `ALL`. */
    scopeId: integer('scope_id'),
    /** Fen per litre, per channel. */
    priceWechat: fen('price_wechat').notNull(),
    priceAlipay: fen('price_alipay').notNull(),
    priceCard: fen('price_card').notNull(),
    priceCoin: fen('price_coin').notNull(),
    /** Fen per litre for a known member, on any channel; null: members pay the channel's price. */
    memberPrice: fen('member_price'),
    /** Set by staff whose data scope is unrestricted: the platform's own price, at which coupons are valued. */
    setByPlatform: boolean('set_by_platform').notNull().default(false),
    /** Percent off the list amount, two decimals. */
    discountPct: numeric('discount_pct', { precision: 5, scale: 2, mode: 'string' }).notNull().default('0'),
    effectiveFrom: ts('effective_from').notNull(),
    /** `ACTIVE` or `DISABLED`. */
    status: varchar('status', { length: 16 }).$type<PricePolicy['status']>().notNull().default('ACTIVE'),
    ...audit,
  },
  (t) => [index('biz_price_policy_scope_idx').on(t.scope, t.scopeId)],
);
