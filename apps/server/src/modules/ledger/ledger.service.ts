import type { PageOf } from '@water/contract/common';
import {
  type AccountQuery,
  type AccountType,
  AGENT_ACCOUNT_TYPES,
  type AgentBalance,
  CHANNEL_ACCOUNT_TYPES,
  type ClosePeriodInput,
  LedgerAccount,
  type LedgerPeriod,
  LedgerPeriod as LedgerPeriodSchema,
  type LedgerPosting,
  POSTING_RANGE_MAX_DAYS,
  type PostingKind,
  type PostingQuery,
  type Statement,
  type TrialBalance,
} from '@water/contract/ledger';
import { asFen, type Fen } from '@water/contract/money';
import dayjs from 'dayjs';
import type { Database } from '../../db/client.ts';
import { periodOf } from '../../domain/periods.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, invalidField, notFound } from '../../lib/http-errors.ts';
import { formatDateTime, formatDay } from '../../lib/time.ts';
import { wireMapper } from '../../lib/wire.ts';
import { agentById, agentIdsInScope } from '../agents/agent-directory.ts';
import { type AccountKey, ledgerRepository as repo } from './ledger.repository.ts';
import { type BookedPosting, bookPostings } from './ledger-booking.repository.ts';
import { makeStatements, type StatementsWanted } from './statement-generation.ts';
import { statementOf } from './statements.ts';

/** An account by its type and, where the type is kept apart, its agent or channel. */
export type AccountRef =
  | { type: AccountType; agentId?: undefined; channel?: undefined }
  | { type: AccountType; agentId: number; channel?: undefined }
  | { type: AccountType; channel: string; agentId?: undefined };

/** One side of a posting: debits positive, credits negative. */
export interface PostingLine {
  account: AccountRef;
  amount: Fen;
}

/** What to book: added to the posting of its day, kind and subject (made on first use). */
export interface Posting {
  /** The business day (`YYYY-MM-DD`, the server's time zone); a closed day books on the first open one. */
  day: string;
  kind: PostingKind;
  subject: string;
  /** The agent the posting concerns, for data scopes. */
  agentId?: number | null;
  /** How many records this adds to the posting (orders, refunds, cards…). */
  items?: number;
  lines: readonly PostingLine[];
}

/** An account's code: `COMMISSION_PAYABLE:12`, `CHANNEL_RECEIVABLE:WECHAT`, `PLATFORM_REVENUE`. */
export function accountCode(ref: AccountRef): string {
  if (AGENT_ACCOUNT_TYPES.includes(ref.type)) {
    if (ref.agentId === undefined) throw new Error(`A ${ref.type} account belongs to an agent`);
    return `${ref.type}:${ref.agentId}`;
  }
  if (CHANNEL_ACCOUNT_TYPES.includes(ref.type)) {
    if (ref.channel === undefined) throw new Error(`A ${ref.type} account belongs to a channel`);
    return `${ref.type}:${ref.channel}`;
  }
  return ref.type;
}

/** The day a posting dated `day` is booked on: itself, or the first day after the last closed period. */
function openDay(closedThrough: string | null, day: string): string {
  if (closedThrough === null || day > closedThrough) return day;
  return dayjs(closedThrough).add(1, 'day').format('YYYY-MM-DD');
}

function accountKey(ref: AccountRef): AccountKey {
  return { code: accountCode(ref), type: ref.type, agentId: ref.agentId ?? null, channel: ref.channel ?? null };
}

/**
 * The double-entry ledger: what other modules book, in the transaction of the business change
 * that causes it. Every posting balances to zero; each account's balance and version follow its
 * entries; a closed period is never written again.
 */
export function createLedgerService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    openDiscrepancies = async () => 0,
  }: {
    /** How many reconciliation discrepancies of these days are still open (a period with any cannot close). */
    openDiscrepancies?: (firstDay: string, lastDay: string) => Promise<number>;
  } = {},
) {
  const accountIds = new Map<string, number>();
  const closedListeners: ((closed: { period: string; by: number }) => Promise<unknown>)[] = [];

  async function accountIdOf(tx: Database, ref: AccountRef): Promise<number> {
    const key = accountKey(ref);
    const known = accountIds.get(key.code);
    if (known !== undefined) return known;
    const { id, made } = await repo.accountId(tx, key);
    // An account made by this unit of work is not remembered: rolled back, its id names nothing.
    if (!made) accountIds.set(key.code, id);
    return id;
  }

  /** An agent the caller may see, or 404. */
  async function agentInReach(principal: Principal, agentId: number) {
    const visible = await agentIdsInScope(db, principal.scope);
    const agent = visible === null || visible.includes(agentId) ? await agentById(db, agentId) : undefined;
    if (!agent) throw notFound({ key: 'errors.ledger.noAgent', values: { id: agentId } });
    return agent;
  }

  const service = {
    /** The accounts the caller sees: every one for the platform's staff, their agents' for agents' staff. */
    async accounts(principal: Principal, query: AccountQuery): Promise<PageOf<LedgerAccount>> {
      const { rows, total } = await repo.accountsPage(db, await agentIdsInScope(db, principal.scope), query);
      return { content: rows.map(toAccount), totalElements: total };
    },

    async trialBalance(principal: Principal): Promise<TrialBalance> {
      const types = await repo.balancesByType(db, await agentIdsInScope(db, principal.scope));
      const books = await repo.periods(db);
      return {
        types,
        total: asFen(types.reduce((sum, type) => sum + type.balance, 0)),
        closedThrough: books[0]?.lastDay ?? null,
      };
    },

    async postings(principal: Principal, query: PostingQuery): Promise<PageOf<LedgerPosting>> {
      const [first, last] = query.day as [string, string];
      if (last < first) throw invalidField('day', { key: 'errors.ledger.rangeReversed' }, 'invalid');
      if (dayjs(last).diff(first, 'day') >= POSTING_RANGE_MAX_DAYS) {
        throw invalidField(
          'day',
          { key: 'errors.ledger.rangeTooLong', values: { days: POSTING_RANGE_MAX_DAYS } },
          'invalid',
        );
      }
      const { rows, entries, total } = await repo.postingsPage(db, await agentIdsInScope(db, principal.scope), query);
      return {
        content: rows.map((row) => ({
          ...row,
          updateTime: formatDateTime(row.updateTime) ?? '',
          entries: entries
            .filter((entry) => entry.postingId === row.id)
            .map(({ accountId, code, type, amount }) => ({ accountId, code, type, amount })),
        })),
        totalElements: total,
      };
    },

    async periods(): Promise<LedgerPeriod[]> {
      return (await repo.periods(db)).map(toPeriod);
    },

    /**
     * Closes a period that is over, the next after the last closed one: nothing is booked on its
     * days afterwards (later changes book on the first open day). Refused while reconciliation
     * has open discrepancies on its days.
     */
    async close(principal: Principal, input: ClosePeriodInput): Promise<LedgerPeriod> {
      const period = periodOf(input.period);
      const today = formatDay(clock.now());
      if (period.lastDay >= today) {
        const day = dayjs(period.lastDay).add(1, 'day').format('YYYY-MM-DD');
        throw new HttpError(
          409,
          { key: 'errors.ledger.periodNotOver', values: { period: input.period, day } },
          'RULE_VIOLATED',
        );
      }
      const open = await openDiscrepancies(period.firstDay, period.lastDay);
      if (open > 0) {
        throw new HttpError(
          409,
          { key: 'errors.ledger.openDiscrepancies', values: { period: input.period, count: open } },
          'RULE_VIOLATED',
        );
      }
      const row = await db.transaction(async (tx) => {
        const books = await repo.lockedBooks(tx);
        const closedThrough = books?.closedThrough ?? null;
        if (closedThrough !== null && period.firstDay <= closedThrough) {
          throw new HttpError(
            409,
            { key: 'errors.ledger.periodClosed', values: { period: input.period, closedThrough } },
            'RULE_VIOLATED',
          );
        }
        if (closedThrough !== null && dayjs(closedThrough).add(1, 'day').format('YYYY-MM-DD') !== period.firstDay) {
          throw new HttpError(
            409,
            { key: 'errors.ledger.periodGap', values: { period: input.period, closedThrough } },
            'RULE_VIOLATED',
          );
        }
        return repo.close(tx, period, principal.username, clock.now());
      });
      for (const listener of closedListeners) await listener({ period: input.period, by: principal.id });
      return toPeriod(row);
    },

    /** The agents the caller sees, with what the platform owes each. */
    async balances(principal: Principal): Promise<AgentBalance[]> {
      return repo.agentBalances(db, await agentIdsInScope(db, principal.scope));
    },

    /** An agent's statement of a day or a month, for a caller who sees the agent. */
    async statement(principal: Principal, agentId: number, period: string): Promise<Statement> {
      const { firstDay, lastDay } = periodOf(period);
      const agent = await agentInReach(principal, agentId);
      const [movements, periods] = await Promise.all([
        repo.agentMovements(db, agent.id, ['COMMISSION_PAYABLE', 'COMMISSION_HELD'], firstDay, lastDay),
        repo.periods(db),
      ]);
      const closedThrough = periods[0]?.lastDay ?? null;
      // A closed period's statement, once made, is the one the agent is shown from then on.
      const saved =
        closedThrough !== null && closedThrough >= lastDay && (await repo.savedStatement(db, agent.id, period));
      return saved || statementOf(agent, period, movements, closedThrough);
    },

    /** Makes the statements of a closed period (every agent's, or one's), each once; answers how many were made. */
    makeStatements: (wanted: StatementsWanted, progress: (percent: number) => Promise<void>) =>
      makeStatements(db, wanted, progress),

    /** Tells `listener` of each period closed, once its close committed. */
    onClosed(listener: (closed: { period: string; by: number }) => Promise<unknown>): void {
      closedListeners.push(listener);
    },

    agentInReach,

    /**
     * An agent unfrozen: what it earned while frozen becomes available (RELEASE), in the
     * transaction of the review that unfroze it.
     */
    async releaseHeld(tx: Database, agentId: number, day: string): Promise<void> {
      const held = await service.lockedBalance(tx, { type: 'COMMISSION_HELD', agentId });
      if (held.balance === 0) return;
      await service.post(tx, {
        day,
        kind: 'RELEASE',
        subject: String(agentId),
        agentId,
        lines: [
          { account: { type: 'COMMISSION_HELD', agentId }, amount: asFen(-held.balance) },
          { account: { type: 'COMMISSION_PAYABLE', agentId }, amount: held.balance },
        ],
      });
    },

    /**
     * Books a posting inside the caller's transaction. Lines of one account are added together;
     * accounts are locked in the order of their ids (`bookPostings`), so concurrent postings never
     * deadlock.
     */
    async post(tx: Database, posting: Posting): Promise<void> {
      await service.postAll(tx, [posting]);
    },

    /**
     * Books postings together, in one statement: what one business change books (a sale's
     * revenue and each level's commission) holds the rows it shares with every other sale for
     * that statement and the commit only.
     */
    async postAll(tx: Database, postings: readonly Posting[]): Promise<void> {
      const closed = postings.length === 0 ? null : await repo.closedThrough(tx);
      const byKey = new Map<
        string,
        { key: BookedPosting['key']; items: number; amounts: Map<string, { ref: AccountRef; amount: number }> }
      >();
      for (const posting of postings) {
        const day = openDay(closed, posting.day);
        const code = `${day} ${posting.kind} ${posting.subject}`;
        const booked = byKey.get(code) ?? {
          key: { day, kind: posting.kind, subject: posting.subject, agentId: posting.agentId ?? null },
          items: 0,
          amounts: new Map(),
        };
        let total = 0;
        for (const line of posting.lines) {
          if (!Number.isSafeInteger(line.amount)) throw new Error(`A posting's amounts are whole fen: ${line.amount}`);
          total += line.amount;
          const account = accountCode(line.account);
          const entry = booked.amounts.get(account) ?? { ref: line.account, amount: 0 };
          entry.amount += line.amount;
          booked.amounts.set(account, entry);
        }
        if (total !== 0) throw new Error(`Posting ${posting.kind} ${posting.subject} does not balance: ${total}`);
        booked.items += posting.items ?? 0;
        byKey.set(code, booked);
      }
      const booked: BookedPosting[] = [];
      for (const { key, items, amounts } of byKey.values()) {
        const lines = [...amounts.entries()]
          .filter(([, entry]) => entry.amount !== 0)
          .sort(([a], [b]) => (a < b ? -1 : 1));
        if (lines.length === 0) continue;
        const ids = [];
        for (const [, entry] of lines)
          ids.push({ accountId: await accountIdOf(tx, entry.ref), amount: entry.amount as Fen });
        booked.push({ key, items, lines: ids });
      }
      await bookPostings(tx, booked, clock.now());
    },

    /**
     * The books' side of the reports for `from`..`to` within the agents given (null: every one;
     * channel fees only then): commission per day and agent, channel fees per day and channel
     * (debits), and card liabilities (what cardholders may spend: credits, as positive fen) before
     * `from` and their movements per day and agent.
     */
    async reportAmounts(from: string, to: string, agentIds: readonly number[] | null) {
      const { commission, fees, cardsBefore, cards } = await repo.reportAmounts(db, from, to, agentIds);
      const owed = <T extends { amount: Fen }>(row: T) => ({ ...row, amount: asFen(-row.amount) });
      return { commission, fees, cardsBefore: cardsBefore.map(owed), cards: cards.map(owed) };
    },

    /** The balances of some accounts, in their order (0 for an account never used). */
    async accountBalances(refs: readonly AccountRef[]): Promise<Fen[]> {
      const codes = refs.map(accountCode);
      const found = new Map((await repo.balances(db, codes)).map((row) => [row.code, row.balance]));
      return codes.map((code) => found.get(code) ?? (0 as Fen));
    },

    /**
     * An account's balance locked for the rest of the transaction, made on first use (what a
     * withdrawal checks before it books): concurrent callers wait for each other.
     */
    async lockedBalance(tx: Database, ref: AccountRef): Promise<{ balance: Fen; version: number }> {
      await accountIdOf(tx, ref);
      const row = await repo.lockedBalance(tx, accountCode(ref));
      if (!row) throw new Error(`No ledger account ${accountCode(ref)}`);
      return { balance: row.balance, version: row.version };
    },
  };
  return service;
}

const toAccount = wireMapper(LedgerAccount);
const toPeriod = wireMapper(LedgerPeriodSchema);

export type LedgerService = ReturnType<typeof createLedgerService>;
