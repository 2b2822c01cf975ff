import type {
  CouponScope,
  CouponStatus,
  CouponTemplate,
  CouponType,
  IssueType,
  TemplateStatus,
} from '@water/contract/coupons';
import { asFen } from '@water/contract/money';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, fen, id, ts } from '../../db/columns.ts';
import { agents } from '../agents/agents.schema.ts';
import { members } from '../members/members.schema.ts';

/** What a kind of coupon takes off, where it is good, how members come by it and for how long. */
export const couponTemplates = pgTable(
  'biz_coupon_template',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    /** `AMOUNT_OFF`, `PERCENT_OFF` or `FREE_LITRES`. */
    type: varchar('type', { length: 12 }).$type<CouponType>().notNull(),
    /** Fen off, percent off or ml free, by type. */
    value: integer('value').notNull(),
    minSpend: fen('min_spend').notNull().default(asFen(0)),
    maxDiscount: fen('max_discount'),
    /** `ALL`, `AGENT`, `SITE`, `MACHINE` or `MODEL`, with the ids of those. */
    scope: varchar('scope', { length: 8 }).$type<CouponScope>().notNull(),
    scopeIds: integer('scope_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** `CLAIM`, `FIRST_ORDER`, `CODE` or `PUSH`. */
    issueType: varchar('issue_type', { length: 12 }).$type<IssueType>().notNull(),
    /** What members enter for a `CODE` template, upper case. */
    claimCode: varchar('claim_code', { length: 32 }),
    /** How many may be issued (0: no limit), and how many were. */
    total: integer('total').notNull().default(0),
    issued: integer('issued').notNull().default(0),
    perMember: integer('per_member').notNull().default(1),
    /** `FIXED` (from and to) or `DAYS` (valid for that many days from issue). */
    validType: varchar('valid_type', { length: 8 }).$type<CouponTemplate['validType']>().notNull(),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    validDays: integer('valid_days'),
    /** `PLATFORM` or `AGENT`: who bears the discount (an agent's lowers its commission base). */
    fundedBy: varchar('funded_by', { length: 8 }).$type<CouponTemplate['fundedBy']>().notNull(),
    /** The agent whose template it is; null: the platform's. */
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    /** `DRAFT → ACTIVE ⇄ PAUSED → ENDED`. */
    status: varchar('status', { length: 8 }).$type<TemplateStatus>().notNull().default('DRAFT'),
    ...audit,
  },
  (t) => [
    uniqueIndex('biz_coupon_template_code_uq').on(t.claimCode),
    index('biz_coupon_template_agent_idx').on(t.agentId),
  ],
);

/** A coupon a member holds: `UNUSED → LOCKED (order made) → USED | EXPIRED | REVOKED`. */
export const coupons = pgTable(
  'biz_coupon',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'restrict' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** The template's agent, copied for the data scope; null: the platform's. */
    agentId: integer('agent_id'),
    /** What the member shows at the machine: 12 letters and digits. */
    code: varchar('code', { length: 16 }).notNull(),
    issueType: varchar('issue_type', { length: 12 }).$type<IssueType>().notNull(),
    status: varchar('status', { length: 8 }).$type<CouponStatus>().notNull().default('UNUSED'),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    /** The order that holds or used it. */
    orderId: bigint('order_id', { mode: 'number' }),
    orderTime: ts('order_time'),
    orderNo: varchar('order_no', { length: 32 }),
    /** Fen it took off its order, once used. */
    discountAmount: fen('discount_amount').notNull().default(asFen(0)),
    createBy: varchar('create_by', { length: 255 }),
    createTime: ts('create_time').notNull().defaultNow(),
    usedTime: ts('used_time'),
  },
  (t) => [
    uniqueIndex('biz_coupon_code_uq').on(t.code),
    index('biz_coupon_member_idx').on(t.memberId, t.templateId),
    index('biz_coupon_template_idx').on(t.templateId, t.status),
    index('biz_coupon_agent_idx').on(t.agentId, t.createTime),
    index('biz_coupon_expiry_idx').on(t.validTo).where(sql`${t.status} = 'UNUSED'`),
  ],
);
