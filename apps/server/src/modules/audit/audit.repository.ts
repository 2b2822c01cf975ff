import { and, desc, eq, type SQL } from 'drizzle-orm';
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
  /**
   * Appends records in one statement per thousand. Their month's partition was made ahead by the
   * partition upkeep; a month it has not made yet (the upkeep stopped) takes them in the table's
   * default partition, which the upkeep empties into the month's partition when it makes it.
   */
  async append(tx: Database, rows: (typeof records.$inferInsert)[]): Promise<void> {
    for (let from = 0; from < rows.length; from += 1000) await tx.insert(records).values(rows.slice(from, from + 1000));
  },

  page: (db: Database, filter: ChangeFilter, paging: Paging) => selectPage(db, records, matching(filter), paging),
};
