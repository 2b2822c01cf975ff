import { asFen } from '@water/contract/money';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { ledgerAccounts, ledgerEntries } from './ledger.schema.ts';
import { createLedgerService, type Posting } from './ledger.service.ts';

describe('the ledger’s accounts', () => {
  const ctx = useTestApp();

  /** An account's balance and the sum of its entries, by its code. */
  const accountOf = async (code: string) => {
    const db = ctx.t.database.db;
    const [account] = await db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, code));
    if (!account) return undefined;
    const [entries] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account.id));
    return { balance: Number(account.balance), entries: Number(entries?.total) };
  };

  it('books into an account first made by a unit of work that was rolled back', async () => {
    const db = ctx.t.database.db;
    const ledger = createLedgerService({ db, clock: ctx.t.clock });
    // An agent no account was made for yet.
    const agentId = 900_000 + Math.floor(Math.random() * 99_999);
    const posting: Posting = {
      day: '2026-05-04',
      kind: 'COMMISSION',
      subject: `${agentId}/0`,
      agentId,
      items: 1,
      lines: [
        { account: { type: 'COMMISSION_EXPENSE' }, amount: asFen(150) },
        { account: { type: 'COMMISSION_PAYABLE', agentId }, amount: asFen(-150) },
      ],
    };
    // The sale that made the agent's account fails after its posting: nothing of it stays.
    await expect(
      db.transaction(async (tx) => {
        await ledger.post(tx, posting);
        throw new Error('the sale failed');
      }),
    ).rejects.toThrow('the sale failed');
    expect(await accountOf(`COMMISSION_PAYABLE:${agentId}`)).toBeUndefined();

    // The next sale books into the account, made again.
    await db.transaction((tx) => ledger.post(tx, posting));
    await db.transaction((tx) => ledger.post(tx, posting));
    expect(await accountOf(`COMMISSION_PAYABLE:${agentId}`)).toEqual({ balance: -300, entries: -300 });
  });
});
