import type { PayoutDriverName, WithdrawalState, WithdrawalStep } from '@water/contract/withdrawals';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { fen, id, ts } from '../../db/columns.ts';
import { agents } from '../agents/agents.schema.ts';

/**
 * An agent's withdrawal of its available commission to its settlement account: the amount left
 * the agent's balance when it was requested (the ledger's WITHDRAWAL posting); it is reviewed,
 * then paid out through a payout driver, or given back when rejected or failed.
 */
export const withdrawals = pgTable(
  'fin_withdrawal',
  {
    id: id(),
    /** `W` + the request's day + the id: `W20261126000042`. */
    withdrawalNo: varchar('withdrawal_no', { length: 32 }).notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    amount: fen('amount').notNull(),
    fee: fen('fee').notNull(),
    /** Amount less fee: what the payout sends. */
    net: fen('net').notNull(),
    /** `REQUESTED → APPROVED → PAID | FAILED`, `REQUESTED → REJECTED`. */
    state: varchar('state', { length: 16 }).$type<WithdrawalState>().notNull(),
    /** The agent's settlement account when requested (a later change to the agent does not move it). */
    settlementAccount: varchar('settlement_account', { length: 128 }).notNull(),
    note: varchar('note', { length: 500 }),
    requestedBy: varchar('requested_by', { length: 255 }).notNull(),
    createTime: ts('create_time').notNull(),
    reviewedBy: varchar('reviewed_by', { length: 255 }),
    reviewTime: ts('review_time'),
    reviewNote: varchar('review_note', { length: 500 }),
    payoutDriver: varchar('payout_driver', { length: 16 }).$type<PayoutDriverName>().notNull(),
    /** The payout's reference; one payout per reference of a driver. */
    payoutRef: varchar('payout_ref', { length: 64 }),
    paidBy: varchar('paid_by', { length: 255 }),
    /** When it was paid, rejected or failed. */
    doneTime: ts('done_time'),
  },
  (t) => [
    uniqueIndex('fin_withdrawal_no_uq').on(t.withdrawalNo),
    uniqueIndex('fin_withdrawal_payout_ref_uq').on(t.payoutDriver, t.payoutRef),
    index('fin_withdrawal_agent_idx').on(t.agentId, t.createTime),
    index('fin_withdrawal_state_idx').on(t.state, t.createTime),
  ],
);

/** A withdrawal's timeline: its request and each move of its state, who made it and when. */
export const withdrawalSteps = pgTable(
  'fin_withdrawal_step',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    step: varchar('step', { length: 16 }).$type<WithdrawalStep>().notNull(),
    /** The state it led to. */
    state: varchar('state', { length: 16 }).$type<WithdrawalState>().notNull(),
    by: varchar('by', { length: 255 }).notNull(),
    note: varchar('note', { length: 500 }),
    reference: varchar('reference', { length: 64 }),
    time: ts('time').notNull(),
  },
  (t) => [index('fin_withdrawal_step_idx').on(t.withdrawalId, t.id)],
);
