import { asFen } from '@water/contract/money';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.schema.ts';
import { createLedgerService, type Posting } from './ledger.service.ts';
import { bookPostings } from './ledger-booking.repository.ts';

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

  /** What a level of an agent earns on a day: the platform's expense against the agent's account. */
  const commission = (
    agentId: number,
    depth: number,
    amount: number,
    type: 'COMMISSION_PAYABLE' | 'COMMISSION_HELD' = 'COMMISSION_PAYABLE',
  ): Posting => ({
    day: '2026-05-04',
    kind: 'COMMISSION',
    subject: `${agentId}/${depth}`,
    agentId,
    items: 1,
    lines: [
      { account: { type: 'COMMISSION_EXPENSE' }, amount: asFen(amount) },
      { account: { type, agentId }, amount: asFen(-amount) },
    ],
  });

  it('books into an account first made by a unit of work that was rolled back', async () => {
    const db = ctx.t.database.db;
    const ledger = createLedgerService({ db, clock: ctx.t.clock });
    // An agent no account was made for yet.
    const agentId = 900_000 + Math.floor(Math.random() * 99_999);
    const posting = commission(agentId, 0, 150);
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

  it('books several postings at once: one per key, an account shared by two of them moved by both', async () => {
    const db = ctx.t.database.db;
    const ledger = createLedgerService({ db, clock: ctx.t.clock });
    const agentId = 900_000 + Math.floor(Math.random() * 99_999);
    const expenseBefore = (await accountOf('COMMISSION_EXPENSE'))?.balance ?? 0;
    await db.transaction((tx) =>
      ledger.postAll(tx, [
        commission(agentId, 0, 100),
        commission(agentId, 1, 40, 'COMMISSION_HELD'),
        commission(agentId, 0, 50),
      ]),
    );

    expect(await accountOf(`COMMISSION_PAYABLE:${agentId}`)).toEqual({ balance: -150, entries: -150 });
    expect(await accountOf(`COMMISSION_HELD:${agentId}`)).toEqual({ balance: -40, entries: -40 });
    expect((await accountOf('COMMISSION_EXPENSE'))?.balance).toBe(expenseBefore + 190);
    const postings = await db
      .select({ subject: ledgerPostings.subject, items: ledgerPostings.items })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.agentId, agentId))
      .orderBy(ledgerPostings.subject);
    expect(postings).toEqual([
      { subject: `${agentId}/0`, items: 2 },
      { subject: `${agentId}/1`, items: 1 },
    ]);
  });

  it('holds none of the rows every sale shares until its transaction commits, then books it', async () => {
    const db = ctx.t.database.db;
    const ledger = createLedgerService({ db, clock: ctx.t.clock });
    const agentId = 900_000 + Math.floor(Math.random() * 99_999);
    await db.transaction((tx) => ledger.post(tx, commission(agentId, 0, 100)));
    const expenseBefore = (await accountOf('COMMISSION_EXPENSE'))?.balance ?? 0;

    await db.transaction(async (tx) => {
      await ledger.post(tx, commission(agentId, 0, 70));
      // Neither the platform's expense account nor the day's posting was written or locked by
      // this transaction yet: another sale's booking would not wait for it.
      const result = (await tx.execute(sql`
        select count(*)::int as "touched" from (
          select xmin, xmax from ${ledgerAccounts} where ${ledgerAccounts.code} = 'COMMISSION_EXPENSE'
          union all
          select xmin, xmax from ${ledgerPostings} where ${ledgerPostings.subject} = ${`${agentId}/0`}
        ) as row
        where txid_current() % 4294967296 in (row.xmin::text::bigint, row.xmax::text::bigint)`)) as unknown as {
        rows: { touched: number }[];
      };
      expect(result.rows[0]?.touched).toBe(0);
    });

    expect((await accountOf('COMMISSION_EXPENSE'))?.balance).toBe(expenseBefore + 70);
    expect(await accountOf(`COMMISSION_PAYABLE:${agentId}`)).toEqual({ balance: -170, entries: -170 });
  });

  it('fails the commit of a transaction whose booking cannot be made: nothing of it stays', async () => {
    const db = ctx.t.database.db;
    const ledger = createLedgerService({ db, clock: ctx.t.clock });
    const agentId = 900_000 + Math.floor(Math.random() * 99_999);
    await db.transaction((tx) => ledger.post(tx, commission(agentId, 0, 100)));
    const [account] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, `COMMISSION_PAYABLE:${agentId}`));

    await expect(
      db.transaction(async (tx) => {
        await ledger.post(tx, commission(agentId, 1, 30));
        // A line on an account that does not exist.
        await bookPostings(
          tx,
          [
            {
              key: { day: '2026-05-04', kind: 'COMMISSION', subject: `${agentId}/9`, agentId },
              items: 1,
              lines: [
                { accountId: account?.id ?? 0, amount: asFen(-5) },
                { accountId: 2_000_000_000, amount: asFen(5) },
              ],
            },
          ],
          ctx.t.clock.now(),
        );
      }),
    ).rejects.toThrow();

    expect(await accountOf(`COMMISSION_PAYABLE:${agentId}`)).toEqual({ balance: -100, entries: -100 });
    const postings = await db
      .select({ subject: ledgerPostings.subject })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.agentId, agentId));
    expect(postings).toEqual([{ subject: `${agentId}/0` }]);
  });
});
