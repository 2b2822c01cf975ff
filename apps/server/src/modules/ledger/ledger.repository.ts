import type { AccountType, PostingKind } from '@water/contract/ledger';
import type { Fen } from '@water/contract/money';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerAccounts, ledgerBooks, ledgerEntries, ledgerPostings } from './ledger.schema.ts';

/** An account as a posting names it. */
export interface AccountKey {
  code: string;
  type: AccountType;
  agentId: number | null;
  channel: string | null;
}

export const ledgerRepository = {
  /** The account of a code, made on first use; answers its id. */
  async accountId(db: Database, key: AccountKey): Promise<number> {
    const [row] = await db
      .insert(ledgerAccounts)
      .values(key)
      .onConflictDoUpdate({ target: ledgerAccounts.code, set: { code: sql`excluded.code` } })
      .returning({ id: ledgerAccounts.id });
    if (!row) throw new Error(`The ledger could not keep account ${key.code}`);
    return row.id;
  },

  /** The posting of a day, kind and subject, made on first use; counts `items` more into it. */
  async posting(
    db: Database,
    key: { day: string; kind: PostingKind; subject: string; agentId: number | null },
    items: number,
    now: Date,
  ): Promise<number> {
    const [row] = await db
      .insert(ledgerPostings)
      .values({ ...key, items, createTime: now, updateTime: now })
      .onConflictDoUpdate({
        target: [ledgerPostings.day, ledgerPostings.kind, ledgerPostings.subject],
        set: { items: sql`${ledgerPostings.items} + ${items}`, updateTime: now },
      })
      .returning({ id: ledgerPostings.id });
    if (!row) throw new Error(`The ledger could not keep posting ${key.kind} ${key.subject} of ${key.day}`);
    return row.id;
  },

  /** Adds an amount to an account's entry in a posting, and to the account's balance (its version bumps). */
  async addEntry(db: Database, postingId: number, accountId: number, day: string, amount: Fen, now: Date) {
    await db
      .insert(ledgerEntries)
      .values({ postingId, accountId, day, amount })
      .onConflictDoUpdate({
        target: [ledgerEntries.postingId, ledgerEntries.accountId],
        set: { amount: sql`${ledgerEntries.amount} + ${amount}` },
      });
    await db
      .update(ledgerAccounts)
      .set({
        balance: sql`${ledgerAccounts.balance} + ${amount}`,
        version: sql`${ledgerAccounts.version} + 1`,
        updateTime: now,
      })
      .where(eq(ledgerAccounts.id, accountId));
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
};
