import type { AccountQuery, AccountType, PostingQuery, Statement } from '@water/contract/ledger';
import type { Fen } from '@water/contract/money';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import {
  agentStatements,
  ledgerAccounts,
  ledgerBooks,
  ledgerEntries,
  ledgerPeriods,
  ledgerPostings,
} from './ledger.schema.ts';

/** The agents a caller sees (`null`: every one, and the platform's own accounts). */
type AgentIds = readonly number[] | null;

const agentName = depts.name;

/** Rows whose agent the caller sees; the platform's rows only for a caller who sees every agent. */
function ofAgents(column: typeof ledgerAccounts.agentId | typeof ledgerPostings.agentId, agentIds: AgentIds) {
  if (agentIds === null) return undefined;
  return agentIds.length === 0 ? sql`false` : inArray(column, [...agentIds]);
}

/** An account as a posting names it. */
export interface AccountKey {
  code: string;
  type: AccountType;
  agentId: number | null;
  channel: string | null;
}

export const ledgerRepository = {
  /**
   * The account of a code, made on first use; answers its id, and whether it was made now (by the
   * caller's unit of work, which may still be rolled back) rather than found. An account that
   * exists is read, not locked: postings lock their accounts in the order of their ids (`book`),
   * and a lock taken here, in the order of a posting's lines, would make a cycle with them.
   */
  async accountId(db: Database, key: AccountKey): Promise<{ id: number; made: boolean }> {
    const [made] = await db
      .insert(ledgerAccounts)
      .values(key)
      .onConflictDoNothing({ target: ledgerAccounts.code })
      .returning({ id: ledgerAccounts.id });
    if (made) return { id: made.id, made: true };
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, key.code));
    if (!row) throw new Error(`The ledger could not keep account ${key.code}`);
    return { id: row.id, made: false };
  },

  /** The last day of the last closed period, read so that closing waits for postings under way and the reverse. */
  async closedThrough(db: Database): Promise<string | null> {
    const [row] = await db
      .select({ closedThrough: ledgerBooks.closedThrough })
      .from(ledgerBooks)
      .where(eq(ledgerBooks.id, 1))
      .for('share');
    return row?.closedThrough ?? null;
  },

  /** The balances of the accounts of those codes that exist. */
  async balances(db: Database, codes: readonly string[]): Promise<{ code: string; balance: Fen }[]> {
    if (codes.length === 0) return [];
    return db
      .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, [...codes]));
  },

  /** An account's balance, locked for the rest of the transaction (what a withdrawal checks). */
  async lockedBalance(db: Database, code: string): Promise<{ id: number; balance: Fen; version: number } | undefined> {
    const [row] = await db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, version: ledgerAccounts.version })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, code))
      .for('update');
    return row;
  },

  async accountsPage(db: Database, agentIds: AgentIds, query: AccountQuery) {
    const size = query.size ?? 50;
    const where = and(
      ofAgents(ledgerAccounts.agentId, agentIds),
      query.type ? eq(ledgerAccounts.type, query.type) : undefined,
      query.agentId ? eq(ledgerAccounts.agentId, query.agentId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: ledgerAccounts.id,
          code: ledgerAccounts.code,
          type: ledgerAccounts.type,
          agentId: ledgerAccounts.agentId,
          agentName,
          channel: ledgerAccounts.channel,
          balance: ledgerAccounts.balance,
          version: ledgerAccounts.version,
          updateTime: ledgerAccounts.updateTime,
        })
        .from(ledgerAccounts)
        .leftJoin(agents, eq(agents.id, ledgerAccounts.agentId))
        .leftJoin(depts, eq(depts.id, agents.deptId))
        .where(where)
        .orderBy(asc(ledgerAccounts.type), asc(ledgerAccounts.code))
        .limit(size)
        .offset((query.page ?? 0) * size),
      db.select({ n: count() }).from(ledgerAccounts).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The balance of each type of account the caller sees, with how many accounts hold it. */
  async balancesByType(db: Database, agentIds: AgentIds) {
    return db
      .select({
        type: ledgerAccounts.type,
        accounts: count(),
        balance: sql<Fen>`coalesce(sum(${ledgerAccounts.balance}), 0)`.mapWith(fenOf),
      })
      .from(ledgerAccounts)
      .where(ofAgents(ledgerAccounts.agentId, agentIds))
      .groupBy(ledgerAccounts.type)
      .orderBy(asc(ledgerAccounts.type));
  },

  async postingsPage(db: Database, agentIds: AgentIds, query: PostingQuery) {
    const [first, last] = query.day as [string, string];
    const size = query.size ?? 20;
    const where = and(
      gte(ledgerPostings.day, first),
      lte(ledgerPostings.day, last),
      ofAgents(ledgerPostings.agentId, agentIds),
      query.kind ? eq(ledgerPostings.kind, query.kind) : undefined,
      query.agentId ? eq(ledgerPostings.agentId, query.agentId) : undefined,
      query.accountId
        ? sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.postingId} = ${ledgerPostings.id} and ${ledgerEntries.accountId} = ${query.accountId})`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: ledgerPostings.id,
          day: ledgerPostings.day,
          kind: ledgerPostings.kind,
          subject: ledgerPostings.subject,
          agentId: ledgerPostings.agentId,
          agentName,
          items: ledgerPostings.items,
          updateTime: ledgerPostings.updateTime,
        })
        .from(ledgerPostings)
        .leftJoin(agents, eq(agents.id, ledgerPostings.agentId))
        .leftJoin(depts, eq(depts.id, agents.deptId))
        .where(where)
        .orderBy(desc(ledgerPostings.day), desc(ledgerPostings.id))
        .limit(size)
        .offset((query.page ?? 0) * size),
      db.select({ n: count() }).from(ledgerPostings).where(where),
    ]);
    const entries =
      rows.length === 0
        ? []
        : await db
            .select({
              postingId: ledgerEntries.postingId,
              accountId: ledgerEntries.accountId,
              code: ledgerAccounts.code,
              type: ledgerAccounts.type,
              amount: ledgerEntries.amount,
            })
            .from(ledgerEntries)
            .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
            .where(
              inArray(
                ledgerEntries.postingId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(ledgerAccounts.code));
    return { rows, entries, total: total?.n ?? 0 };
  },

  async periods(db: Database) {
    return db.select().from(ledgerPeriods).orderBy(desc(ledgerPeriods.lastDay));
  },

  /** The books' row, locked: closing waits for postings under way, and postings wait for a close. */
  async lockedBooks(db: Database) {
    const [row] = await db.select().from(ledgerBooks).where(eq(ledgerBooks.id, 1)).for('update');
    return row;
  },

  async close(
    db: Database,
    period: { kind: 'DAY' | 'MONTH'; firstDay: string; lastDay: string },
    by: string,
    now: Date,
  ) {
    await db
      .insert(ledgerBooks)
      .values({ id: 1, closedThrough: period.lastDay, closedBy: by, closedTime: now })
      .onConflictDoUpdate({
        target: ledgerBooks.id,
        set: { closedThrough: period.lastDay, closedBy: by, closedTime: now },
      });
    const [row] = await db
      .insert(ledgerPeriods)
      .values({ ...period, closedBy: by, closedTime: now })
      .returning();
    if (!row) throw new Error('The period could not be recorded');
    return row;
  },

  /**
   * An agent's accounts of some types: each one's balance before `firstDay`, and what the
   * postings of `firstDay`..`lastDay` moved on it by kind and subject.
   */
  async agentMovements(
    db: Database,
    agentId: number,
    types: readonly AccountType[],
    firstDay: string,
    lastDay: string,
  ) {
    const accounts = await db
      .select({ id: ledgerAccounts.id, type: ledgerAccounts.type })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.agentId, agentId), inArray(ledgerAccounts.type, [...types])));
    if (accounts.length === 0) return { accounts, opening: [], moves: [] };
    const ids = accounts.map((account) => account.id);
    const [opening, moves] = await Promise.all([
      db
        .select({
          accountId: ledgerEntries.accountId,
          amount: sql<Fen>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(fenOf),
        })
        .from(ledgerEntries)
        .where(and(inArray(ledgerEntries.accountId, ids), lt(ledgerEntries.day, firstDay)))
        .groupBy(ledgerEntries.accountId),
      db
        .select({
          accountId: ledgerEntries.accountId,
          kind: ledgerPostings.kind,
          subject: ledgerPostings.subject,
          amount: sql<Fen>`sum(${ledgerEntries.amount})`.mapWith(fenOf),
          items: sql<number>`sum(${ledgerPostings.items})`.mapWith(Number),
        })
        .from(ledgerEntries)
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(
          and(inArray(ledgerEntries.accountId, ids), gte(ledgerEntries.day, firstDay), lte(ledgerEntries.day, lastDay)),
        )
        .groupBy(ledgerEntries.accountId, ledgerPostings.kind, ledgerPostings.subject),
    ]);
    return { accounts, opening, moves };
  },

  /** The agents given (every one for `null`), with the balances of their commission accounts. */
  async agentBalances(db: Database, agentIds: AgentIds) {
    const owed = (type: AccountType) =>
      sql<Fen>`coalesce(-sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.type} = ${type}), 0)`.mapWith(
        fenOf,
      );
    return db
      .select({
        agentId: agents.id,
        agentName,
        code: agents.code,
        status: agents.status,
        available: owed('COMMISSION_PAYABLE'),
        held: owed('COMMISSION_HELD'),
      })
      .from(agents)
      .innerJoin(depts, eq(depts.id, agents.deptId))
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.agentId, agents.id))
      .where(agentIds === null ? undefined : agentIds.length === 0 ? sql`false` : inArray(agents.id, [...agentIds]))
      .groupBy(agents.id, depts.name, agents.code, agents.status)
      .orderBy(asc(depts.name));
  },
  /**
   * What the reports read of the books for `from`..`to`: commission expensed per day and agent
   * (its postings' agent; refunds' reversals subtract), channel fees per day and channel, and the
   * card accounts' movements per day and agent with their balances before `from` (credits negative).
   */
  async reportAmounts(db: Database, from: string, to: string, agentIds: AgentIds) {
    const amount = sql<Fen>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(fenOf);
    const inRange = and(gte(ledgerEntries.day, from), lte(ledgerEntries.day, to));
    const cardTypes = inArray(ledgerAccounts.type, ['CARD_PRINCIPAL', 'CARD_BONUS']);
    const [commission, fees, cardsBefore, cards] = await Promise.all([
      db
        .select({ day: ledgerEntries.day, agentId: ledgerPostings.agentId, amount })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .where(and(eq(ledgerAccounts.type, 'COMMISSION_EXPENSE'), inRange, ofAgents(ledgerPostings.agentId, agentIds)))
        .groupBy(ledgerEntries.day, ledgerPostings.agentId),
      agentIds !== null
        ? []
        : db
            .select({ day: ledgerEntries.day, channel: ledgerAccounts.channel, amount })
            .from(ledgerEntries)
            .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
            .where(and(eq(ledgerAccounts.type, 'CHANNEL_FEES'), inRange))
            .groupBy(ledgerEntries.day, ledgerAccounts.channel),
      db
        .select({ agentId: ledgerAccounts.agentId, amount })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(and(cardTypes, lt(ledgerEntries.day, from), ofAgents(ledgerAccounts.agentId, agentIds)))
        .groupBy(ledgerAccounts.agentId),
      db
        .select({ day: ledgerEntries.day, agentId: ledgerAccounts.agentId, amount })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(and(cardTypes, inRange, ofAgents(ledgerAccounts.agentId, agentIds)))
        .groupBy(ledgerEntries.day, ledgerAccounts.agentId),
    ]);
    return { commission, fees, cardsBefore, cards };
  },

  /** The statement made for an agent and a closed period, if it was made. */
  async savedStatement(db: Database, agentId: number, period: string): Promise<Statement | undefined> {
    const [row] = await db
      .select({ statement: agentStatements.statement })
      .from(agentStatements)
      .where(and(eq(agentStatements.agentId, agentId), eq(agentStatements.period, period)));
    return row?.statement;
  },

  /** Keeps an agent's statement of a closed period; one made already stays as it was. */
  async saveStatement(db: Database, statement: Statement): Promise<void> {
    await db
      .insert(agentStatements)
      .values({ agentId: statement.agentId, period: statement.period, statement })
      .onConflictDoNothing();
  },
};
