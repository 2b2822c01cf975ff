import Type, { type Static } from 'typebox';
import { DateTime, OneOf } from './common.ts';
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
