import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, Id, OneOf, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';
import { asFen, type Fen, FenField } from './money.ts';
import { defineStateMachine } from './state-machine.ts';

/** The permissions of the Withdrawals page. */
export const WITHDRAWAL_PERMISSIONS = {
  /** Withdrawals and agents' balances (agents' staff see their own agents'). */
  list: 'withdrawal:list',
  /** Ask for a withdrawal of an agent's available balance (agents' staff). */
  add: 'withdrawal:add',
  /** Approve or reject a request (finance; never one's own). */
  review: 'withdrawal:review',
  /** Pay out an approved withdrawal, or record that its payout failed (finance). */
  pay: 'withdrawal:pay',
} as const;

export const WITHDRAWAL_STATES = ['REQUESTED', 'APPROVED', 'PAID', 'REJECTED', 'FAILED'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/**
 * A withdrawal's life: an agent's staff request it (the money leaves the agent's available
 * balance at once); finance reviews it (approve or reject, never their own request), then pays
 * it out through a payout driver with the transfer's reference, or records that the payout
 * failed. Rejected and failed withdrawals give the money back to the agent's balance.
 */
export const WITHDRAWAL_STATE_MACHINE = defineStateMachine({
  name: 'withdrawal',
  texts: { object: 'errors.objects.withdrawal', states: 'withdrawals.states' },
  states: WITHDRAWAL_STATES,
  initial: ['REQUESTED'],
  events: {
    APPROVE: { from: ['REQUESTED'], to: ['APPROVED'], by: [WITHDRAWAL_PERMISSIONS.review] },
    REJECT: { from: ['REQUESTED'], to: ['REJECTED'], by: [WITHDRAWAL_PERMISSIONS.review] },
    PAY: { from: ['APPROVED'], to: ['PAID'], by: [WITHDRAWAL_PERMISSIONS.pay] },
    FAIL: { from: ['APPROVED'], to: ['FAILED'], by: [WITHDRAWAL_PERMISSIONS.pay] },
  },
});
export type WithdrawalEvent = keyof typeof WITHDRAWAL_STATE_MACHINE.events;

/** What a withdrawal's timeline records: its request, then each event of its state table. */
export const WITHDRAWAL_STEPS = ['REQUEST', 'APPROVE', 'REJECT', 'PAY', 'FAIL'] as const;
export type WithdrawalStep = (typeof WITHDRAWAL_STEPS)[number];

/** How money leaves for an agent's settlement account; `MANUAL`: finance transfers it and records the reference. */
export const PAYOUT_DRIVERS = ['MANUAL'] as const;
export type PayoutDriverName = (typeof PAYOUT_DRIVERS)[number];

/** A percentage with at most two decimals below 100, as text (`"0.6"`, `"1.25"`). */
export const FeePercent = Type.String({
  pattern: '^\\d{1,2}(\\.\\d{1,2})?$',
  errorMessage: 'must be a percentage from 0 to 99.99 with at most two decimals',
});

/** The terms of a withdrawal, from the global settings (absent settings: no minimum, no fee). */
export const WithdrawalTerms = Type.Object({
  /** The least amount one withdrawal may ask for (fen). */
  minimum: FenField(),
  /** A fixed fee taken from each withdrawal (fen). */
  feeFixed: FenField(),
  /** A percentage of the amount taken as fee besides the fixed fee, rounded half up to the fen. */
  feePercent: FeePercent,
});
export type WithdrawalTerms = Static<typeof WithdrawalTerms>;

/**
 * A withdrawal's fee: the fixed fee plus the percentage of the amount, rounded half up to whole
 * fen once. Exact: the percentage is read as hundredths of a percent and computed on integers.
 */
export function withdrawalFee(amount: Fen, terms: Pick<WithdrawalTerms, 'feeFixed' | 'feePercent'>): Fen {
  const [whole = '0', fraction = ''] = terms.feePercent.split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const scaled = amount * hundredths;
  const rest = scaled % 10_000;
  const share = (scaled - rest) / 10_000 + (rest >= 5_000 ? 1 : 0);
  return asFen(terms.feeFixed + share);
}

export const Withdrawal = Type.Object({
  id: Type.Integer(),
  withdrawalNo: Type.String(),
  agentId: Type.Integer(),
  agentName: Type.String(),
  /** What the agent asked for: it leaves the agent's balance (fen). */
  amount: FenField(),
  fee: FenField(),
  /** What reaches the settlement account: amount less fee (fen). */
  net: FenField(),
  state: OneOf(WITHDRAWAL_STATES),
  /** The agent's settlement account when the withdrawal was requested. */
  settlementAccount: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  requestedBy: Type.String(),
  createTime: DateTime,
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  reviewTime: Type.Union([DateTime, Type.Null()]),
  reviewNote: Type.Union([Type.String(), Type.Null()]),
  payoutDriver: OneOf(PAYOUT_DRIVERS),
  /** The payout's reference (the bank transfer's, for the manual driver). */
  payoutRef: Type.Union([Type.String(), Type.Null()]),
  paidBy: Type.Union([Type.String(), Type.Null()]),
  /** When it was paid, rejected or failed. */
  doneTime: Type.Union([DateTime, Type.Null()]),
});
export type Withdrawal = Static<typeof Withdrawal>;

/** One step of a withdrawal's timeline: what happened, the state it led to, who did it and when. */
export const WithdrawalTimelineStep = Type.Object({
  step: OneOf(WITHDRAWAL_STEPS),
  state: OneOf(WITHDRAWAL_STATES),
  by: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  reference: Type.Union([Type.String(), Type.Null()]),
  time: DateTime,
});
export type WithdrawalTimelineStep = Static<typeof WithdrawalTimelineStep>;

export const WithdrawalDetail = Type.Object({
  ...Withdrawal.properties,
  timeline: Type.Array(WithdrawalTimelineStep),
});
export type WithdrawalDetail = Static<typeof WithdrawalDetail>;

/** The withdrawals' list, on the page and in its Excel file. */
export const WITHDRAWAL_COLUMNS = listColumns<Withdrawal>()({
  withdrawalNo: { field: 'withdrawalNo', title: 'withdrawals.withdrawalNo', width: 170 },
  agent: { field: 'agentName', title: 'withdrawals.agent', width: 150 },
  amount: { field: 'amount', title: 'withdrawals.amount', kind: 'money', sortable: true, width: 120 },
  fee: { field: 'fee', title: 'withdrawals.fee', kind: 'money', hidden: true, width: 100 },
  net: { field: 'net', title: 'withdrawals.net', kind: 'money', width: 120 },
  state: {
    field: 'state',
    title: 'withdrawals.state',
    kind: 'enum',
    labels: 'withdrawals.states',
    sortable: true,
    width: 110,
  },
  settlementAccount: {
    field: 'settlementAccount',
    title: 'withdrawals.settlementAccount',
    hidden: true,
    width: 180,
  },
  requestedBy: { field: 'requestedBy', title: 'withdrawals.requestedBy', width: 120 },
  createTime: { field: 'createTime', title: 'withdrawals.createTime', sortable: true, width: 170 },
  reviewedBy: { field: 'reviewedBy', title: 'withdrawals.reviewedBy', hidden: true, width: 120 },
  payoutRef: { field: 'payoutRef', title: 'withdrawals.payoutRef', hidden: true, width: 160 },
  doneTime: { field: 'doneTime', title: 'withdrawals.doneTime', hidden: true, width: 170 },
});

export const WithdrawalQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(
    Type.String({ maxLength: 64, description: 'part of the withdrawal number or the agent’s name' }),
  ),
  agentId: Type.Optional(Id()),
  state: Type.Optional(OneOf(WITHDRAWAL_STATES)),
  createTime: Type.Optional(CreateTimeRange),
});
export type WithdrawalQuery = Static<typeof WithdrawalQuery>;

/** The count and sums of the withdrawals a filter matches. */
export const WithdrawalTotals = Type.Object({
  count: Type.Integer(),
  amount: FenField(),
  fee: FenField(),
  net: FenField(),
});
export type WithdrawalTotals = Static<typeof WithdrawalTotals>;

export const WithdrawalRequestInput = Type.Object(
  {
    agentId: Id(),
    amount: FenField({ minimum: 1, maximum: 100_000_000, description: 'fen' }),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type WithdrawalRequestInput = Static<typeof WithdrawalRequestInput>;

export const WITHDRAWAL_REVIEW_ACTIONS = ['APPROVE', 'REJECT'] as const;
export const WithdrawalReviewInput = Type.Object(
  {
    action: OneOf(WITHDRAWAL_REVIEW_ACTIONS),
    /** Required to reject: why. */
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type WithdrawalReviewInput = Static<typeof WithdrawalReviewInput>;

/** A bank transfer's reference: what the manual driver records and recognises again. */
export const PayoutReference = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  errorMessage: 'must be 1 to 64 letters, digits, _ or -',
});

export const WITHDRAWAL_PAYOUT_ACTIONS = ['PAY', 'FAIL'] as const;
export const WithdrawalPayoutInput = Type.Object(
  {
    action: OneOf(WITHDRAWAL_PAYOUT_ACTIONS),
    /** Required to pay out by hand: the bank transfer's reference. */
    reference: Type.Optional(PayoutReference),
    /** Required when the payout failed: what the bank said. */
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type WithdrawalPayoutInput = Static<typeof WithdrawalPayoutInput>;

/** An agent's money as the ledger and its withdrawals hold it. */
export const AgentBalance = Type.Object({
  agentId: Type.Integer(),
  agentName: Type.String(),
  agentCode: Type.String(),
  settlementAccount: Type.Union([Type.String(), Type.Null()]),
  /** What it may withdraw now: the credit balance of its commission payable (fen). */
  available: FenField(),
  /** What it earned while frozen, held until it is unfrozen (fen). */
  held: FenField(),
  /** Withdrawals requested or approved and not yet paid (their amounts, fen). */
  inTransit: FenField(),
  /** What its paid withdrawals sent to its settlement account, fees not included (fen). */
  paidOut: FenField(),
});
export type AgentBalance = Static<typeof AgentBalance>;

export const AgentBalanceQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 64, description: 'part of the agent’s name or code' })),
  agentId: Type.Optional(Id()),
});
export type AgentBalanceQuery = Static<typeof AgentBalanceQuery>;
