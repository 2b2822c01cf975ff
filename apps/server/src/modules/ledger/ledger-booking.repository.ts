import type { PostingKind } from '@water/contract/ledger';
import type { Fen } from '@water/contract/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.schema.ts';

/** A posting as booked: its key, how many items it counts, and its lines by account id (one per account). */
export interface BookedPosting {
  key: { day: string; kind: PostingKind; subject: string; agentId: number | null };
  items: number;
  lines: readonly { accountId: number; amount: Fen }[];
}

const keyOf = (key: BookedPosting['key']) => `${key.day} ${key.kind} ${key.subject}`;

/**
 * Books postings: each one's lines into the posting of its day, kind and subject (made on first
 * use, counting `items` more into it), each amount added to its account's entry in the posting
 * and to the account's balance (its version bumps). One statement for all of them, so that the
 * rows every sale shares (the day's postings, the platform's accounts) are held from it to the
 * commit only, not across a round trip per posting or line. The postings are given in the order
 * of their keys and the accounts are locked in the order of their ids, alike in every
 * transaction. The keys must differ.
 */
export async function bookPostings(db: Database, postings: readonly BookedPosting[], now: Date): Promise<void> {
  if (postings.length === 0) return;
  const keyed = [...postings].sort((a, b) => (keyOf(a.key) < keyOf(b.key) ? -1 : 1));
  const values = sql.join(
    keyed.map(
      ({ key, items }) =>
        sql`(${key.day}::date, ${key.kind}::varchar, ${key.subject}::varchar, ${key.agentId}::integer, ${items}::integer)`,
    ),
    sql`, `,
  );
  const lines = keyed.flatMap(({ key, lines }) =>
    lines.map(
      (line) =>
        sql`(${key.day}::date, ${key.kind}::varchar, ${key.subject}::varchar, ${line.accountId}::integer, ${line.amount}::bigint)`,
    ),
  );
  const accounts = new Set(keyed.flatMap(({ lines }) => lines.map((line) => line.accountId))).size;
  const result = (await db.execute(sql`
    WITH wanted ("day", "kind", "subject", "agent_id", "items") AS (VALUES ${values}),
    posting AS (
      INSERT INTO ${ledgerPostings} ("day", "kind", "subject", "agent_id", "items", "create_time", "update_time")
      SELECT "day", "kind", "subject", "agent_id", "items", ${now}, ${now} FROM wanted
      ON CONFLICT ("day", "kind", "subject")
      DO UPDATE SET "items" = ${ledgerPostings}."items" + excluded."items", "update_time" = excluded."update_time"
      RETURNING "id", "day", "kind", "subject"
    ), line ("day", "kind", "subject", "account_id", "amount") AS (VALUES ${sql.join(lines, sql`, `)}),
    locked AS (
      SELECT ${ledgerAccounts.id} AS id FROM ${ledgerAccounts}
      WHERE ${ledgerAccounts.id} IN (SELECT "account_id" FROM line)
      ORDER BY ${ledgerAccounts.id} FOR UPDATE
    ), entry AS (
      INSERT INTO ${ledgerEntries} ("posting_id", "account_id", "day", "amount")
      SELECT posting."id", line."account_id", line."day", line."amount"
      FROM posting JOIN line ON line."day" = posting."day" AND line."kind" = posting."kind" AND line."subject" = posting."subject"
      ON CONFLICT ("posting_id", "account_id", "day")
      DO UPDATE SET "amount" = ${ledgerEntries}."amount" + excluded."amount"
      RETURNING "posting_id"
    ), total AS (
      SELECT "account_id", sum("amount")::bigint AS "amount" FROM line GROUP BY "account_id"
    )
    UPDATE ${ledgerAccounts} SET
      "balance" = ${ledgerAccounts.balance} + total."amount",
      "version" = ${ledgerAccounts.version} + 1,
      "update_time" = ${now}
    FROM total, locked
    WHERE ${ledgerAccounts.id} = total."account_id" AND locked.id = total."account_id"
      AND (SELECT count(*) FROM entry) = ${lines.length}
    RETURNING ${ledgerAccounts.id}`)) as unknown as { rows: unknown[] };
  if (result.rows.length !== accounts) {
    throw new Error(`The ledger could not book postings ${keyed.map(({ key }) => keyOf(key)).join(', ')}`);
  }
}
