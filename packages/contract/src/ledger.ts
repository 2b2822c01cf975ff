import Type, { type Static } from 'typebox';
import { DateTime, Id, OneOf } from './common.ts';
import { FenField } from './money.ts';

/** The permissions of the Finance pages' ledger, statements and period close. */
export const LEDGER_PERMISSIONS = {
  /** The ledger's accounts and postings (the platform's books). */
  list: 'ledger:list',
  /** Agents' statements and balances (agents' staff see their own). */
  statements: 'statement:list',
  /** Close a period: its postings never change afterwards. */
  close: 'ledger:close',
} as const;

/**
 * The kinds of account. Those kept per agent (`COMMISSION_*`, `CARD_*`) or per payment channel
 * (`CHANNEL_*`, `REFUNDS_PAYABLE`) have one account each; the others are one account.
 */
export const ACCOUNT_TYPES = [
  /** What the platform sold (credit). */
  'PLATFORM_REVENUE',
  /** Money a payment channel holds for us until it settles (debit), per channel. */
  'CHANNEL_RECEIVABLE',
  /** Refunds made in our books that the channel has not yet shown settled (credit), per channel. */
  'REFUNDS_PAYABLE',
  /** What channels kept as fees (debit), per channel. */
  'CHANNEL_FEES',
  /** The cost of agents' commission (debit). */
  'COMMISSION_EXPENSE',
  /** What the platform owes an agent and it may withdraw (credit), per agent. */
  'COMMISSION_PAYABLE',
  /** What a frozen agent earned, held until it is unfrozen (credit), per agent. */
  'COMMISSION_HELD',
  /** Withdrawals approved and not yet paid out (credit). */
  'WITHDRAWALS_IN_TRANSIT',
  /** Fees charged on withdrawals (credit). */
  'WITHDRAWAL_FEES',
  /** The platform's bank account: payouts leave it, settlements arrive (debit). */
  'BANK',
  /** What cardholders paid in and may still spend (credit), per issuing agent. */
  'CARD_PRINCIPAL',
  /** Bonus credited on top-ups, still spendable (credit), per issuing agent. */
  'CARD_BONUS',
  /** The cost of bonuses granted on cards (debit). */
  'CARD_BONUS_EXPENSE',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The account types kept one per agent, and one per channel. */
export const AGENT_ACCOUNT_TYPES: readonly AccountType[] = [
  'COMMISSION_PAYABLE',
  'COMMISSION_HELD',
  'CARD_PRINCIPAL',
  'CARD_BONUS',
];
export const CHANNEL_ACCOUNT_TYPES: readonly AccountType[] = ['CHANNEL_RECEIVABLE', 'REFUNDS_PAYABLE', 'CHANNEL_FEES'];

/** What a posting records; each kind's entries are listed in docs/money.md. */
export const POSTING_KINDS = [
  /** A day's payments of one channel: receivable against revenue. */
  'SALES',
  /** A day's refunds of one channel: revenue back against refunds payable. */
  'REFUNDS',
  /** Refunds paid straight back (coins, cards): refunds payable against the receivable or the card. */
  'REFUNDS_PAID',
  /** An agent's commission of a day at one depth below it: expense against the agent's payable (or held). */
  'COMMISSION',
  /** Commission given back by a day's refunds: the reverse of COMMISSION. */
  'REVERSAL',
  /** A frozen agent's held commission released when it was unfrozen. */
  'RELEASE',
  /** A withdrawal's money set aside when requested, given back when rejected or failed, paid out. */
  'WITHDRAWAL',
  'WITHDRAWAL_RETURN',
  'PAYOUT',
  /** A channel's settlement per its daily statement: fees, refunds settled, money received. */
  'SETTLEMENT',
  /** Water cards: top-ups (principal and bonus), sales paid by card, refunds credited back, balances carried over. */
  'CARD_TOPUP',
  'CARD_SALES',
  'CARD_REFUNDS',
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

export const LedgerAccount = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  type: OneOf(ACCOUNT_TYPES),
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  channel: Type.Union([Type.String(), Type.Null()]),
  /** Debits positive, credits negative. */
  balance: FenField(),
  version: Type.Integer(),
  updateTime: DateTime,
});
export type LedgerAccount = Static<typeof LedgerAccount>;

/** A calendar day, `yyyy-MM-dd`. */
export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: 'must be yyyy-MM-dd' });

/** A period of the books: a day `yyyy-MM-dd` or a month `yyyy-MM`. */
export const PERIOD_KINDS = ['DAY', 'MONTH'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export const PeriodText = Type.String({
  pattern: '^\\d{4}-\\d{2}(-\\d{2})?$',
  errorMessage: 'must be yyyy-MM (a month) or yyyy-MM-dd (a day)',
});

export const AccountQuery = Type.Object({
  type: Type.Optional(OneOf(ACCOUNT_TYPES)),
  agentId: Type.Optional(Id()),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 200_000, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
});
export type AccountQuery = Static<typeof AccountQuery>;

/** The whole ledger at a glance: what each type of account holds, and that it all sums to zero. */
export const TrialBalance = Type.Object({
  types: Type.Array(Type.Object({ type: OneOf(ACCOUNT_TYPES), accounts: Type.Integer(), balance: FenField() })),
  /** The sum of every account's balance: 0 when the books balance. */
  total: FenField(),
  /** The last day of the last closed period, if any. */
  closedThrough: Type.Union([Day, Type.Null()]),
});
export type TrialBalance = Static<typeof TrialBalance>;

export const PostingEntry = Type.Object({
  accountId: Type.Integer(),
  code: Type.String(),
  type: OneOf(ACCOUNT_TYPES),
  amount: FenField(),
});
export type PostingEntry = Static<typeof PostingEntry>;

export const LedgerPosting = Type.Object({
  id: Type.Integer(),
  day: Day,
  kind: OneOf(POSTING_KINDS),
  subject: Type.String(),
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  items: Type.Integer(),
  entries: Type.Array(PostingEntry),
  updateTime: DateTime,
});
export type LedgerPosting = Static<typeof LedgerPosting>;

export const PostingQuery = Type.Object({
  /** First and last day, both included (at most 93 days). */
  day: Type.Array(Day, { minItems: 2, maxItems: 2 }),
  kind: Type.Optional(OneOf(POSTING_KINDS)),
  agentId: Type.Optional(Id()),
  accountId: Type.Optional(Id()),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 200_000, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 20 })),
});
export type PostingQuery = Static<typeof PostingQuery>;
/** The longest span of days a postings query may cover. */
export const POSTING_RANGE_MAX_DAYS = 93;

export const LedgerPeriod = Type.Object({
  id: Type.Integer(),
  kind: OneOf(PERIOD_KINDS),
  firstDay: Day,
  lastDay: Day,
  closedBy: Type.String(),
  closedTime: DateTime,
});
export type LedgerPeriod = Static<typeof LedgerPeriod>;

export const ClosePeriodInput = Type.Object({ period: PeriodText }, { additionalProperties: false });
export type ClosePeriodInput = Static<typeof ClosePeriodInput>;

/** One line of a statement: what postings of one kind (and depth, for commission) moved in the period. */
export const StatementLine = Type.Object({
  kind: OneOf(POSTING_KINDS),
  /** For commission and its reversals: how far below the agent the seller stood (0: its own sales). */
  depth: Type.Union([Type.Integer(), Type.Null()]),
  /** What it added to the agent's balance (negative: taken off). */
  amount: FenField(),
  /** Orders (or other records) it counts. */
  items: Type.Integer(),
});
export type StatementLine = Static<typeof StatementLine>;

/** A balance the agent holds with the platform, over the period: available (payable) or held. */
export const StatementAccount = Type.Object({
  type: OneOf(['COMMISSION_PAYABLE', 'COMMISSION_HELD'] as const),
  opening: FenField(),
  lines: Type.Array(StatementLine),
  closing: FenField(),
});
export type StatementAccount = Static<typeof StatementAccount>;

export const Statement = Type.Object({
  agentId: Type.Integer(),
  agentName: Type.String(),
  kind: OneOf(PERIOD_KINDS),
  period: Type.String(),
  firstDay: Day,
  lastDay: Day,
  /** Whether the period is closed: its figures never change again. */
  closed: Type.Boolean(),
  accounts: Type.Array(StatementAccount),
});
export type Statement = Static<typeof Statement>;

export const StatementQuery = Type.Object({
  agentId: Id(),
  period: PeriodText,
});
export type StatementQuery = Static<typeof StatementQuery>;

/** An order behind a statement: what the agent's level of its path earned on it. */
export const CommissionOrder = Type.Object({
  orderNo: Type.String(),
  paidTime: Type.Union([DateTime, Type.Null()]),
  channel: Type.String(),
  state: Type.String(),
  paid: FenField(),
  refunded: FenField(),
  /** How far below the agent the seller stood (0: the agent sold). */
  depth: Type.Integer(),
  /** The percent the agent's level earns on it. */
  rate: Type.String(),
  /** What the agent's level has earned on it, now. */
  amount: FenField(),
});
export type CommissionOrder = Static<typeof CommissionOrder>;

export const CommissionOrderQuery = Type.Object({
  agentId: Id(),
  period: PeriodText,
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 200_000, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 20 })),
});
export type CommissionOrderQuery = Static<typeof CommissionOrderQuery>;

/** The file formats of a statement. */
export const STATEMENT_FORMATS = ['xlsx', 'pdf'] as const;
export const StatementFileQuery = Type.Object({
  agentId: Id(),
  period: PeriodText,
  format: OneOf(STATEMENT_FORMATS),
});
export type StatementFileQuery = Static<typeof StatementFileQuery>;

/** An agent in reach with what the platform owes it: available to withdraw, and held while it was frozen. */
export const AgentBalance = Type.Object({
  agentId: Type.Integer(),
  agentName: Type.String(),
  code: Type.String(),
  status: Type.String(),
  available: FenField(),
  held: FenField(),
});
export type AgentBalance = Static<typeof AgentBalance>;
