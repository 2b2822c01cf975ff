import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { between, containsText, type Paging, selectPage } from '../../lib/list-query.ts';
import { operationLogs as logs } from './logs.schema.ts';

export type LogType = 'INFO' | 'ERROR';
export interface LogFilter {
  blurry?: string;
  /** Part of the user's name. */
  username?: string;
  createTime?: string[];
  /** Only the operations of exactly this user. */
  owner?: string;
}

export const logSortable = { id: logs.id, createTime: logs.createTime, time: logs.time, username: logs.username };
export const logOrder = [desc(logs.id)];

const matching = (logType: LogType, filter: LogFilter): SQL | undefined =>
  and(
    eq(logs.logType, logType),
    containsText([logs.username, logs.description, logs.requestIp], filter.blurry),
    between(logs.createTime, filter.createTime),
    containsText([logs.username], filter.username),
    filter.owner === undefined ? undefined : eq(logs.username, filter.owner),
  );

export const logsRepository = {
  async insert(db: Database, line: typeof logs.$inferInsert): Promise<void> {
    await db.insert(logs).values(line);
  },

  page: (db: Database, logType: LogType, filter: LogFilter, paging: Paging) =>
    selectPage(db, logs, matching(logType, filter), paging),

  /** Every entry matching, newest first, for an export. */
  all: (db: Database, logType: LogType, filter: LogFilter, limit: number) =>
    db
      .select()
      .from(logs)
      .where(matching(logType, filter))
      .orderBy(...logOrder)
      .limit(limit),

  /** What went wrong in a failed operation; undefined when there is no such entry. */
  exception: async (db: Database, id: number) =>
    (await db.select({ detail: logs.exceptionDetail }).from(logs).where(eq(logs.id, id)))[0],

  clear: (db: Database, logType: LogType) => db.delete(logs).where(eq(logs.logType, logType)),
};
