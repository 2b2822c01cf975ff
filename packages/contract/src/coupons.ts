import Type, { type Static } from 'typebox';
import { AbsentId, CreateTimeRange, DateTime, ID_MAX, Id, nullable, OneOf, PageQuery } from './common.ts';
import { type Fen, FenField } from './money.ts';
import { allows, CHANNEL_ACTOR, defineStateMachine, MACHINE_ACTOR, SYSTEM_ACTOR } from './state-machine.ts';

/** The permissions of the Coupons and Members pages. */
export const COUPON_PERMISSIONS = {
  list: 'coupon:list',
  add: 'coupon:add',
  edit: 'coupon:edit',
  del: 'coupon:del',
  /** Push coupons to members, revoke issued ones. */
  issue: 'coupon:issue',
} as const;
export const MEMBER_PERMISSIONS = { list: 'member:list' } as const;

/**
 * What a coupon takes off: a sum (`AMOUNT_OFF`, fen, above a minimum spend), a share
 * (`PERCENT_OFF`, whole percent, up to a cap) or the price of some water (`FREE_LITRES`, ml).
 */
export const COUPON_TYPES = ['AMOUNT_OFF', 'PERCENT_OFF', 'FREE_LITRES'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
/** Where a coupon is good: every machine of its owner, or the listed agents (and beneath), sites, machines or models. */
export const COUPON_SCOPES = ['ALL', 'AGENT', 'SITE', 'MACHINE', 'MODEL'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
/** How members come by a coupon: they claim it, get it with their first paid order, enter a code, or staff push it. */
export const ISSUE_TYPES = ['CLAIM', 'FIRST_ORDER', 'CODE', 'PUSH'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const VALIDITY_TYPES = ['FIXED', 'DAYS'] as const;
export const FUNDERS = ['PLATFORM', 'AGENT'] as const;
export const TEMPLATE_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'ENDED'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
/**
 * A template's life: a draft is edited, deleted or started; an active one issues coupons (claimed,
 * given with a first order, by code, pushed by staff), pauses or ends; a paused one resumes or
 * ends; the hourly job ends those whose dates passed. Its coupons out, it never changes again.
 */
export const TEMPLATE_STATE_MACHINE = defineStateMachine({
  name: 'coupon template',
  texts: { object: 'errors.objects.couponTemplate', states: 'coupons.statuses' },
  states: TEMPLATE_STATUSES,
  initial: ['DRAFT'],
  events: {
    EDIT: { from: ['DRAFT'], to: 'unchanged', by: [COUPON_PERMISSIONS.edit] },
    DELETE: { from: ['DRAFT'], to: 'unchanged', by: [COUPON_PERMISSIONS.del] },
    START: { from: ['DRAFT'], to: ['ACTIVE'], by: [COUPON_PERMISSIONS.edit] },
    PAUSE: { from: ['ACTIVE'], to: ['PAUSED'], by: [COUPON_PERMISSIONS.edit] },
    RESUME: { from: ['PAUSED'], to: ['ACTIVE'], by: [COUPON_PERMISSIONS.edit] },
    END: { from: ['ACTIVE', 'PAUSED'], to: ['ENDED'], by: [COUPON_PERMISSIONS.edit, SYSTEM_ACTOR] },
    ISSUE: { from: ['ACTIVE'], to: 'unchanged', by: [COUPON_PERMISSIONS.issue, MACHINE_ACTOR, SYSTEM_ACTOR] },
  },
});
export type TemplateEvent = keyof typeof TEMPLATE_STATE_MACHINE.events;

/** The event that moves a template to a status staff choose (`PUT …/status`). */
export const TEMPLATE_STATUS_EVENTS = {
  ACTIVE: ['START', 'RESUME'],
  PAUSED: ['PAUSE'],
  ENDED: ['END'],
  DRAFT: [],
} as const satisfies Record<TemplateStatus, readonly TemplateEvent[]>;

/** The statuses staff may move a template to from its status. */
export function templateMovesFrom(status: TemplateStatus): TemplateStatus[] {
  return (Object.keys(TEMPLATE_STATUS_EVENTS) as TemplateStatus[]).filter((to) =>
    TEMPLATE_STATUS_EVENTS[to].some((event: TemplateEvent) => allows(TEMPLATE_STATE_MACHINE, status, event)),
  );
}

export const COUPON_STATUSES = ['UNUSED', 'LOCKED', 'USED', 'EXPIRED', 'REVOKED'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/**
 * An issued coupon's life: an order being made locks it, paying that order uses it; the order
 * closing unpaid or refunded in full gives it back (expired if its window closed meanwhile); the
 * hourly job expires unused ones past their window; staff revoke an unused one pushed by mistake.
 */
export const COUPON_STATE_MACHINE = defineStateMachine({
  name: 'coupon',
  texts: { object: 'errors.objects.coupon', states: 'coupons.couponStatuses' },
  states: COUPON_STATUSES,
  initial: ['UNUSED'],
  events: {
    LOCK: { from: ['UNUSED'], to: ['LOCKED'], by: [MACHINE_ACTOR] },
    USE: { from: ['LOCKED'], to: ['USED'], by: [MACHINE_ACTOR, CHANNEL_ACTOR] },
    GIVE_BACK: { from: ['LOCKED', 'USED'], to: ['UNUSED', 'EXPIRED'], by: [SYSTEM_ACTOR, MACHINE_ACTOR] },
    EXPIRE: { from: ['UNUSED'], to: ['EXPIRED'], by: [SYSTEM_ACTOR] },
    REVOKE: { from: ['UNUSED'], to: ['REVOKED'], by: [COUPON_PERMISSIONS.issue] },
  },
});
export type CouponEvent = keyof typeof COUPON_STATE_MACHINE.events;

/** At most this many agents, sites, machines or models in a template's scope. */
export const COUPON_SCOPE_MAX = 100;
/** At most this many phone numbers in one push. */
export const PUSH_MAX = 1000;

/** Issued, used, expired and what the used ones took off (fen). */
export const CouponCounts = Type.Object({
  issued: Type.Integer(),
  unused: Type.Integer(),
  locked: Type.Integer(),
  used: Type.Integer(),
  expired: Type.Integer(),
  revoked: Type.Integer(),
  discountCost: FenField({ description: 'fen taken off the orders that used them' }),
});
export type CouponCounts = Static<typeof CouponCounts>;

/**
 * A coupon's value by its unit, for its list's columns: the one of its type is set, the other two
 * are null.
 */
const ValueByUnit = {
  amountOff: Type.Union([FenField(), Type.Null()], { description: 'fen off (AMOUNT_OFF), else null' }),
  percentOff: Type.Union([Type.Integer(), Type.Null()], { description: 'percent off (PERCENT_OFF), else null' }),
  freeMl: Type.Union([Type.Integer(), Type.Null()], { description: 'ml free (FREE_LITRES), else null' }),
};

export const CouponTemplate = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: OneOf(COUPON_TYPES),
  /** Fen off (`AMOUNT_OFF`), percent off (`PERCENT_OFF`) or ml free (`FREE_LITRES`). */
  value: Type.Integer(),
  ...ValueByUnit,
  minSpend: FenField({ description: 'fen the order must reach after the price policy' }),
  maxDiscount: Type.Union([FenField(), Type.Null()], {
    description: 'fen, the most a percent-off or free-litres coupon takes off',
  }),
  scope: OneOf(COUPON_SCOPES),
  scopeIds: Type.Array(Type.Integer()),
  /** The names of the scope's agents, sites, machines (serial numbers) or models. */
  scopeNames: Type.Array(Type.String()),
  scopeNamesText: Type.String({ description: 'scopeNames joined by ", " (empty for every machine)' }),
  issueType: OneOf(ISSUE_TYPES),
  claimCode: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer({ description: '0: unlimited' }),
  perMember: Type.Integer(),
  validType: OneOf(VALIDITY_TYPES),
  validFrom: Type.Union([DateTime, Type.Null()]),
  validTo: Type.Union([DateTime, Type.Null()]),
  validDays: Type.Union([Type.Integer(), Type.Null()]),
  fundedBy: OneOf(FUNDERS),
  /** The agent whose template it is; null: the platform's. */
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  status: OneOf(TEMPLATE_STATUSES),
  counts: CouponCounts,
  /** Of `counts`, flat for the list's columns. */
  issuedCount: Type.Integer(),
  usedCount: Type.Integer(),
  expiredCount: Type.Integer(),
  discountCost: FenField({ description: 'fen taken off the orders that used them' }),
  createBy: Type.Union([Type.String(), Type.Null()]),
  createTime: DateTime,
});
export type CouponTemplate = Static<typeof CouponTemplate>;

export const CouponTemplateQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the name or the claim code' })),
  type: Type.Optional(OneOf(COUPON_TYPES)),
  issueType: Type.Optional(OneOf(ISSUE_TYPES)),
  status: Type.Optional(OneOf(TEMPLATE_STATUSES)),
});
export type CouponTemplateQuery = Static<typeof CouponTemplateQuery>;

const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';

const templateFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  type: OneOf(COUPON_TYPES),
  value: Type.Integer({ minimum: 1, maximum: 100_000 }),
  minSpend: FenField({ minimum: 0, maximum: 10_000_000 }),
  maxDiscount: Type.Optional(nullable<Fen>('integer', { minimum: 1, maximum: 10_000_000 })),
  scope: OneOf(COUPON_SCOPES),
  scopeIds: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: ID_MAX }), { maxItems: COUPON_SCOPE_MAX, uniqueItems: true }),
  ),
  issueType: OneOf(ISSUE_TYPES),
  claimCode: Type.Optional(
    nullable<string>('string', {
      pattern: '^[A-Za-z0-9]{4,32}$',
      errorMessage: 'must be 4 to 32 letters or digits',
    }),
  ),
  total: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  perMember: Type.Integer({ minimum: 1, maximum: 100 }),
  validType: OneOf(VALIDITY_TYPES),
  validFrom: Type.Optional(nullable<string>('string', { pattern: DATE_TIME_PATTERN })),
  validTo: Type.Optional(nullable<string>('string', { pattern: DATE_TIME_PATTERN })),
  validDays: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: 3650 })),
  fundedBy: OneOf(FUNDERS),
  agentId: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: ID_MAX })),
};

export const CouponTemplateCreateInput = Type.Object({ id: AbsentId, ...templateFields });
export type CouponTemplateCreateInput = Static<typeof CouponTemplateCreateInput>;
export const CouponTemplateUpdateInput = Type.Object({ id: Id(), ...templateFields });
export type CouponTemplateUpdateInput = Static<typeof CouponTemplateUpdateInput>;

export const TemplateStatusInput = Type.Object({ status: OneOf(TEMPLATE_STATUSES) }, { additionalProperties: false });
export type TemplateStatusInput = Static<typeof TemplateStatusInput>;

/** To whom: phone numbers typed in, members chosen in the console (by id, phones never typed), or both. */
export const PushInput = Type.Object(
  {
    phones: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { minItems: 1, maxItems: PUSH_MAX })),
    memberIds: Type.Optional(Type.Array(Id(), { minItems: 1, maxItems: PUSH_MAX })),
  },
  { additionalProperties: false },
);
export type PushInput = Static<typeof PushInput>;

export const PUSH_REFUSALS = ['FORMAT', 'LIMIT_REACHED', 'NONE_LEFT'] as const;
export const PushResult = Type.Object({
  issued: Type.Integer(),
  refused: Type.Array(Type.Object({ phone: Type.String(), reason: OneOf(PUSH_REFUSALS) })),
});
export type PushResult = Static<typeof PushResult>;

export const Coupon = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  templateId: Type.Integer(),
  templateName: Type.String(),
  type: OneOf(COUPON_TYPES),
  value: Type.Integer(),
  ...ValueByUnit,
  /** Masked: `138****8000`. */
  memberPhone: Type.Union([Type.String(), Type.Null()]),
  issueType: OneOf(ISSUE_TYPES),
  status: OneOf(COUPON_STATUSES),
  validFrom: DateTime,
  validTo: DateTime,
  orderNo: Type.Union([Type.String(), Type.Null()]),
  discountAmount: FenField({ description: 'fen taken off the order that used it' }),
  createTime: DateTime,
  usedTime: Type.Union([DateTime, Type.Null()]),
});
export type Coupon = Static<typeof Coupon>;

export const CouponQuery = Type.Object({
  ...PageQuery.properties,
  templateId: Type.Optional(Id()),
  memberId: Type.Optional(Id()),
  status: Type.Optional(OneOf(COUPON_STATUSES)),
  blurry: Type.Optional(
    Type.String({ maxLength: 32, description: 'the coupon’s code or the member’s whole phone number' }),
  ),
  createTime: Type.Optional(CreateTimeRange),
});
export type CouponQuery = Static<typeof CouponQuery>;

export const CouponStatsQuery = Type.Object({
  createTime: Type.Optional(CreateTimeRange),
});
export type CouponStatsQuery = Static<typeof CouponStatsQuery>;

/** Redemption statistics of the templates the caller sees: all together and by who funds them. */
export const CouponStats = Type.Object({
  total: CouponCounts,
  platform: CouponCounts,
  agent: CouponCounts,
});
export type CouponStats = Static<typeof CouponStats>;

export const Member = Type.Object({
  id: Type.Integer(),
  /** Masked: `138****8000`. */
  phone: Type.Union([Type.String(), Type.Null()]),
  /** Masked: the first and last four characters. */
  openid: Type.Union([Type.String(), Type.Null()]),
  /** The agent that acquired the member; null when that is none, or one outside the caller's data scope. */
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  /** The figures of the member's orders sold by the agents in the caller's data scope (unrestricted: all). */
  orders: Type.Integer({ description: 'paid orders within the caller’s data scope' }),
  paidTotal: FenField({ description: 'fen paid, less refunds, within the caller’s data scope' }),
  lastOrderTime: Type.Union([DateTime, Type.Null()]),
  /** Of the coupon templates within the caller's reach (an agent's staff: their agents' own). */
  unusedCoupons: Type.Integer(),
  createTime: DateTime,
});
export type Member = Static<typeof Member>;

export const MemberQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 64, description: 'the whole phone number, or its last four digits' })),
  agentId: Type.Optional(Id()),
  createTime: Type.Optional(CreateTimeRange),
});
export type MemberQuery = Static<typeof MemberQuery>;
