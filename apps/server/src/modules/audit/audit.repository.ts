import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { between, type Paging, selectPage } from '../../lib/list-query.ts';
import { changeRecords as records } from './audit.schema.ts';

export interface ChangeFilter {
  recordType?: string;
  recordId?: string;
  username?: string;
  action?: string;
  at?: string[];
  /** Only the changes this user made. */
  userId?: number;
}

export const changeSortable = { at: records.at, username: records.username };
/** Newest first; records of one moment in the order they were written. */
export const changeOrder = [desc(records.at), desc(records.id)];

const matching = (filter: ChangeFilter): SQL | undefined =>
  and(
    filter.recordType === undefined ? undefined : eq(records.recordType, filter.recordType),
    filter.recordId === undefined ? undefined : eq(records.recordId, filter.recordId),
    filter.username?.trim() ? eq(records.username, filter.username.trim()) : undefined,
    filter.action === undefined ? undefined : eq(records.action, filter.action),
    between(records.at, filter.at, 'at'),
    filter.userId === undefined ? undefined : eq(records.userId, filter.userId),
  );

/** The record of changes: appended to, read, never updated nor deleted (there is no such statement). */
export const auditRepository = {
  /** Appends a record, in its month's partition (made here when the upkeep has not made it yet). */
  async append(tx: Database, at: Date, rows: (typeof records.$inferInsert)[]): Promise<void> {
    await tx.execute(sql`SELECT "sys_change_record_ensure_partition"(${at.toISOString()}::timestamptz)`);
    for (let from = 0; from < rows.length; from += 1000) await tx.insert(records).values(rows.slice(from, from + 1000));
  },

  page: (db: Database, filter: ChangeFilter, paging: Paging) => selectPage(db, records, matching(filter), paging),

  /** The names of the table's partitions. */
  async partitions(db: Database): Promise<string[]> {
    const result = await db.execute<{ name: string }>(
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'sys_change_record'::regclass ORDER BY 1`,
    );
    return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  },
};
