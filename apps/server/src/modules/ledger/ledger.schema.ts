import type { AccountType, PostingKind, Statement } from '@water/contract/ledger';
import { asFen } from '@water/contract/money';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { fenTotal, ts } from '../../db/columns.ts';

/**
 * An account of the double-entry ledger: one per type, and per agent or channel where the type
 * is kept apart (`COMMISSION_PAYABLE:12`, `CHANNEL_RECEIVABLE:WECHAT`). Its balance is the sum of
 * its entries (debits positive, credits negative), kept with a version that every change bumps.
 */
export const ledgerAccounts = pgTable(
  'fin_account',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: varchar('code', { length: 64 }).notNull(),
    type: varchar('type', { length: 32 }).$type<AccountType>().notNull(),
    agentId: integer('agent_id'),
    channel: varchar('channel', { length: 8 }),
    balance: fenTotal('balance').notNull().default(asFen(0)),
    version: integer('version').notNull().default(0),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_account_code_uq').on(t.code), index('fin_account_agent_idx').on(t.agentId)],
);

/**
 * A transfer between accounts whose entries sum to zero. Postings are aggregated: one per day,
 * kind and subject (an agent and its depth below the seller, a channel, a withdrawal…); what a
 * day's sales add to it accrues in the transaction of each sale while the day is open. Postings
 * of a closed period never change: what comes later is booked on the first open day.
 */
export const ledgerPostings = pgTable(
  'fin_posting',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 24 }).$type<PostingKind>().notNull(),
    /** What the posting is about within its kind and day: `12/0` (agent 12, its own sales), `WECHAT`, `W20261126001`. */
    subject: varchar('subject', { length: 64 }).notNull().default(''),
    /** The agent the posting concerns, if any (what data scopes filter on). */
    agentId: integer('agent_id'),
    /** How many orders (or other records) the posting sums up. */
    items: integer('items').notNull().default(0),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_posting_key_uq').on(t.day, t.kind, t.subject),
    index('fin_posting_agent_day_idx').on(t.agentId, t.day),
  ],
);

/**
 * One account's side of a posting: debits positive, credits negative, in fen. Partitioned by
 * month of `day` (a migration makes the table; `ledger-partitions.ts` the months): the key holds
 * the day, which is the posting's, so a posting still has one entry per account.
 */
export const ledgerEntries = pgTable(
  'fin_entry',
  {
    postingId: bigint('posting_id', { mode: 'number' }).notNull(),
    accountId: integer('account_id').notNull(),
    /** The posting's day, copied so that an account's history reads by day without the posting. */
    day: date('day', { mode: 'string' }).notNull(),
    amount: fenTotal('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postingId, t.accountId, t.day] }),
    index('fin_entry_account_day_idx').on(t.accountId, t.day),
  ],
);

/**
 * Postings booked in a transaction and waiting for its commit. A deferred trigger
 * (`fin_book_at_commit`, made by a migration) books each row into the postings, their entries and
 * the accounts' balances as its transaction commits, then deletes it: the rows every sale shares
 * (the day's postings, the platform's accounts) are held from there to the end of the commit
 * only, never while the server that holds the transaction is busy with other work.
 */
export const ledgerBookings = pgTable('fin_booking', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** `[{ day, kind, subject, agentId, items, lines: [{ accountId, amount }] }]`, in the order of their keys. */
  postings: jsonb('postings').notNull(),
  bookTime: ts('book_time').notNull(),
});

/**
 * The books: one row. `closedThrough` is the last day of the last period finance closed;
 * nothing is booked on or before it.
 */
export const ledgerBooks = pgTable('fin_books', {
  id: integer('id').primaryKey().default(1),
  closedThrough: date('closed_through', { mode: 'string' }),
  closedBy: varchar('closed_by', { length: 255 }),
  closedTime: ts('closed_time'),
});

/** The periods finance closed, in order: each one's last day, who closed it and when. */
export const ledgerPeriods = pgTable(
  'fin_period',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** `MONTH` or `DAY`. */
    kind: varchar('kind', { length: 8 }).$type<'MONTH' | 'DAY'>().notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    closedBy: varchar('closed_by', { length: 255 }).notNull(),
    closedTime: ts('closed_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_period_last_uq').on(t.lastDay)],
);

/**
 * An agent's statement of a closed period, made once when the period closed (by a background
 * task, one agent after another): what the agent is shown for that period from then on.
 */
export const agentStatements = pgTable(
  'fin_agent_statement',
  {
    agentId: integer('agent_id').notNull(),
    /** `YYYY-MM` or `YYYY-MM-DD`, as the statement was asked for. */
    period: varchar('period', { length: 10 }).notNull(),
    /** The statement as answered (`Statement` of the contract). */
    statement: jsonb('statement').$type<Statement>().notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.period] })],
);
