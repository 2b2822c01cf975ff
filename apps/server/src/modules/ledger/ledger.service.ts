import type { AccountType, PostingKind } from '@water/contract/ledger';
import { AGENT_ACCOUNT_TYPES, CHANNEL_ACCOUNT_TYPES } from '@water/contract/ledger';
import type { Fen } from '@water/contract/money';
import dayjs from 'dayjs';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { type AccountKey, ledgerRepository as repo } from './ledger.repository.ts';

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

function accountKey(ref: AccountRef): AccountKey {
  return { code: accountCode(ref), type: ref.type, agentId: ref.agentId ?? null, channel: ref.channel ?? null };
}

/**
 * The double-entry ledger: what other modules book, in the transaction of the business change
 * that causes it. Every posting balances to zero; each account's balance and version follow its
 * entries; a closed period is never written again.
 */
export function createLedgerService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const accountIds = new Map<string, number>();

  async function accountIdOf(tx: Database, ref: AccountRef): Promise<number> {
    const key = accountKey(ref);
    const known = accountIds.get(key.code);
    if (known !== undefined) return known;
    const id = await repo.accountId(tx, key);
    accountIds.set(key.code, id);
    return id;
  }

  /** The day a posting dated `day` is booked on: itself, or the first day after the last closed period. */
  async function openDay(tx: Database, day: string): Promise<string> {
    const closed = await repo.closedThrough(tx);
    if (closed === null || day > closed) return day;
    return dayjs(closed).add(1, 'day').format('YYYY-MM-DD');
  }

  return {
    /**
     * Books a posting inside the caller's transaction. Lines of one account are added together;
     * accounts are written in the order of their codes, so concurrent postings never deadlock.
     */
    async post(tx: Database, posting: Posting): Promise<void> {
      const byCode = new Map<string, { ref: AccountRef; amount: number }>();
      let total = 0;
      for (const line of posting.lines) {
        if (!Number.isSafeInteger(line.amount)) throw new Error(`A posting's amounts are whole fen: ${line.amount}`);
        const code = accountCode(line.account);
        const entry = byCode.get(code) ?? { ref: line.account, amount: 0 };
        entry.amount += line.amount;
        byCode.set(code, entry);
        total += line.amount;
      }
      if (total !== 0) throw new Error(`Posting ${posting.kind} ${posting.subject} does not balance: ${total}`);
      const lines = [...byCode.entries()]
        .filter(([, entry]) => entry.amount !== 0)
        .sort(([a], [b]) => (a < b ? -1 : 1));
      if (lines.length === 0) return;
      const now = clock.now();
      const day = await openDay(tx, posting.day);
      const postingId = await repo.posting(
        tx,
        { day, kind: posting.kind, subject: posting.subject, agentId: posting.agentId ?? null },
        posting.items ?? 0,
        now,
      );
      for (const [, entry] of lines) {
        await repo.addEntry(tx, postingId, await accountIdOf(tx, entry.ref), day, entry.amount as Fen, now);
      }
    },

    /** The balances of some accounts, in their order (0 for an account never used). */
    async balances(refs: readonly AccountRef[]): Promise<Fen[]> {
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
}

export type LedgerService = ReturnType<typeof createLedgerService>;
