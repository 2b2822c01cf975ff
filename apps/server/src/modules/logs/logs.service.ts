import type { PageOf, PageQuery } from '@water/contract/common';
import { ERROR_LOG_COLUMNS, type ErrorLogRow, OPERATION_LOG_COLUMNS, type OperationLog } from '@water/contract/logs';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { LogLine } from '../../plugins/operation-log.ts';
import { type LogFilter, type LogType, logOrder, logSortable, logsRepository as repo } from './logs.repository.ts';
import type { operationLogs } from './logs.schema.ts';

export type LogsService = ReturnType<typeof createLogsService>;

type OperationLogRow = typeof operationLogs.$inferSelect;

/** An entry as the lists and their files have it (what went wrong is read by the error log's file only). */
const entryOf = (row: OperationLogRow): ErrorLogRow => ({
  ...row,
  createTime: formatDateTime(row.createTime) as string,
});

/** An export holds at most this many entries, the newest. */
const EXPORT_LIMIT = 10_000;

/** The operation log and the error log: read, and cleared by administrators. */
export function createLogsService({ db }: Pick<Deps, 'db'>) {
  /** One operation's line, as the operation-log hooks give it. */
  async function record(line: LogLine): Promise<void> {
    await repo.insert(db, line);
  }

  async function list(logType: LogType, query: PageQuery & LogFilter): Promise<PageOf<OperationLog>> {
    const page = await repo.page(db, logType, query, toPaging(query, logSortable, logOrder));
    return {
      content: page.content.map(entryOf),
      totalElements: page.totalElements,
    };
  }

  return {
    record,
    list,

    /** The signed-in user's own operations; parameters may hold what others typed about them, so not those. */
    async own(principal: Principal, query: PageQuery): Promise<PageOf<OperationLog>> {
      const { content, totalElements } = await list('INFO', {
        page: query.page,
        size: query.size,
        sort: query.sort,
        owner: principal.username,
      });
      return { content: content.map((entry) => ({ ...entry, params: null })), totalElements };
    },

    /** The entries matching the filter as a sheet: the newest EXPORT_LIMIT of them. */
    async exportSheet(logType: LogType, filter: LogFilter): Promise<ListSheet<ErrorLogRow>> {
      const rows = await repo.all(db, logType, filter, EXPORT_LIMIT);
      return logType === 'ERROR'
        ? { name: 'error-log', columns: ERROR_LOG_COLUMNS, rows: rows.map(entryOf) }
        : { name: 'operation-log', columns: OPERATION_LOG_COLUMNS, rows: rows.map(entryOf) };
    },

    async exception(id: number): Promise<{ exception: string | null }> {
      const row = await repo.exception(db, id);
      if (!row) throw notFound(noSuch('logEntry', id));
      return { exception: row.detail };
    },

    async clear(logType: LogType): Promise<void> {
      await repo.clear(db, logType);
    },
  };
}
