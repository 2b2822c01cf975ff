import { asFen } from '@water/contract/money';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AccountKey, ledgerRepository as repo } from '../../src/modules/ledger/ledger.repository.ts';
import { ledgerAccounts } from '../../src/modules/ledger/ledger.schema.ts';
import { bookPostings } from '../../src/modules/ledger/ledger-booking.repository.ts';
import { useTestApp } from '../test-app.ts';

/**
 * Two sales at once on one PostgreSQL server: one finding its accounts by code (a console just
 * started, nothing remembered yet), the other booking into accounts it already knows.
 */
describe('the ledger under concurrent sales', () => {
  const ctx = useTestApp();

  it('finds an account without locking it, so a posting already booking into it never deadlocks with it', async () => {
    const db = ctx.t.database.db;
    const agentId = 800_000 + Math.floor(Math.random() * 99_999);
    const key = (type: 'COMMISSION_HELD' | 'COMMISSION_PAYABLE'): AccountKey => ({
      code: `${type}:${agentId}`,
      type,
      agentId,
      channel: null,
    });
    // The held account is made first: the lower id, locked first by a posting.
    const held = (await repo.accountId(db, key('COMMISSION_HELD'))).id;
    const payable = (await repo.accountId(db, key('COMMISSION_PAYABLE'))).id;
    const lines = [
      { accountId: payable, amount: asFen(100) },
      { accountId: held, amount: asFen(-100) },
    ];
    const posting = { day: '2026-05-04', kind: 'COMMISSION' as const, subject: `${agentId}/locks`, agentId };
    const waiting = async () =>
      Number(
        (
          (await db.execute(sql`select count(*) as n from pg_locks where not granted`)) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]?.n,
      );

    let other: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      // This sale finds its accounts in its lines' order: the payable account first.
      expect(await repo.accountId(tx, key('COMMISSION_PAYABLE'))).toEqual({ id: payable, made: false });
      // Meanwhile another sale books into both, locking the held account and then the payable one.
      let done = false;
      other = db
        .transaction((tx2) => bookPostings(tx2, [{ key: posting, items: 1, lines }], ctx.t.clock.now()))
        .then(() => {
          done = true;
        });
      const deadline = Date.now() + 10_000;
      while (!done && (await waiting()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      // Then this sale finds the held account and books.
      expect(await repo.accountId(tx, key('COMMISSION_HELD'))).toEqual({ id: held, made: false });
      await bookPostings(tx, [{ key: posting, items: 1, lines }], ctx.t.clock.now());
    });
    await other;

    const balances = await db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.agentId, agentId));
    expect(new Map(balances.map((row) => [row.id, Number(row.balance)]))).toEqual(
      new Map([
        [payable, 200],
        [held, -200],
      ]),
    );
  });
});
