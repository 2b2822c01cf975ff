import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { migrationsFolder } from './client.ts';

const MIGRATION = '0048_ledger-partitions.sql';

describe('the migration that partitions the ledger entries by month', () => {
  it('keeps every entry, each in the partition of its month, and an entry per account and posting', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await db.execute(query)) as unknown as { rows: T[] }).rows;
      // As the release before left it: one table, keyed by posting and account, with entries of three months.
      await db.execute(sql`DROP TABLE fin_entry`);
      await db.execute(sql`CREATE TABLE fin_entry (
        posting_id bigint NOT NULL, account_id integer NOT NULL, day date NOT NULL, amount bigint NOT NULL,
        CONSTRAINT fin_entry_posting_id_account_id_pk PRIMARY KEY (posting_id, account_id))`);
      await db.execute(sql`CREATE INDEX fin_entry_account_day_idx ON fin_entry (account_id, day)`);
      await db.execute(sql`INSERT INTO fin_entry VALUES
        (1, 1, '2024-01-31', 500), (1, 2, '2024-01-31', -500),
        (2, 1, '2024-02-01', 300), (2, 2, '2024-02-01', -300),
        (3, 1, '2024-03-15', 70), (3, 2, '2024-03-15', -70)`);

      const migration = await readFile(path.join(migrationsFolder, MIGRATION), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

      const kept = await rows<{ posting: string; account: number; day: string; amount: string; part: string }>(
        sql`SELECT posting_id::text AS posting, account_id AS account, day::text AS day, amount::text AS amount,
              tableoid::regclass::text AS part FROM fin_entry ORDER BY 1, 2`,
      );
      expect(kept.map((row) => [row.posting, row.account, row.day, row.amount, row.part])).toEqual([
        ['1', 1, '2024-01-31', '500', 'fin_entry_202401'],
        ['1', 2, '2024-01-31', '-500', 'fin_entry_202401'],
        ['2', 1, '2024-02-01', '300', 'fin_entry_202402'],
        ['2', 2, '2024-02-01', '-300', 'fin_entry_202402'],
        ['3', 1, '2024-03-15', '70', 'fin_entry_202403'],
        ['3', 2, '2024-03-15', '-70', 'fin_entry_202403'],
      ]);
      // Every month from the first entry's to two months ahead has its partition, besides the default one.
      const parts = await rows<{ name: string }>(
        sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'fin_entry'::regclass`,
      );
      const now = new Date();
      const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
      const aheadName = `fin_entry_${ahead.getUTCFullYear()}${String(ahead.getUTCMonth() + 1).padStart(2, '0')}`;
      expect(parts.map((part) => part.name)).toEqual(
        expect.arrayContaining(['fin_entry_default', 'fin_entry_202406', aheadName]),
      );
      // Booking again into a posting adds to its entry: the key still says one entry per account and posting.
      await db.execute(sql`INSERT INTO fin_entry VALUES (3, 1, '2024-03-15', 5)
        ON CONFLICT (posting_id, account_id, day) DO UPDATE SET amount = fin_entry.amount + excluded.amount`);
      const [entry] = await rows<{ amount: string; n: number }>(
        sql`SELECT sum(amount)::text AS amount, count(*)::int AS n FROM fin_entry WHERE posting_id = 3 AND account_id = 1`,
      );
      expect(entry).toEqual({ amount: '75', n: 1 });
    } finally {
      await database.close();
    }
  }, 60_000);
});
