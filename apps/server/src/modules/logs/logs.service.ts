import type { PageOf, PageQuery } from '@water/contract/common';
import type { OperationLog } from '@water/contract/logs';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Sheet } from '../../lib/xlsx.ts';
import type { LogLine } from '../../plugins/operation-log.ts';
import { type LogFilter, type LogType, logOrder, logSortable, logsRepository as repo } from './logs.repository.ts';
import type { operationLogs } from './logs.schema.ts';

export type LogsService = ReturnType<typeof createLogsService>;

type OperationLogRow = typeof operationLogs.$inferSelect;

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
      content: page.content.map((row) => ({ ...row, createTime: formatDateTime(row.createTime) as string })),
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
    async exportSheet(logType: LogType, filter: LogFilter): Promise<Sheet<OperationLogRow>> {
      const rows = await repo.all(db, logType, filter, EXPORT_LIMIT);
      const columns: Sheet<OperationLogRow>['columns'] = [
        { header: 'User', value: (row) => row.username },
        { header: 'IP', value: (row) => row.requestIp },
        { header: 'Address', value: (row) => row.address },
        { header: 'Description', value: (row) => row.description, width: 30 },
        { header: 'Request', value: (row) => row.method, width: 36 },
        { header: 'Parameters', value: (row) => row.params, width: 50 },
        { header: 'Browser', value: (row) => row.browser, width: 28 },
        { header: 'Duration (ms)', value: (row) => row.time, width: 14 },
        ...(logType === 'ERROR'
          ? [{ header: 'Error', value: (row: OperationLogRow) => row.exceptionDetail, width: 50 }]
          : []),
        { header: 'Time', value: (row) => formatDateTime(row.createTime) },
      ];
      return { name: logType === 'ERROR' ? 'error-log' : 'operation-log', columns, rows };
    },

    async exception(id: number): Promise<{ exception: string | null }> {
      const row = await repo.exception(db, id);
      if (!row) throw notFound(`No log entry with id ${id}`);
      return { exception: row.detail };
    },

    async clear(logType: LogType): Promise<void> {
      await repo.clear(db, logType);
    },
  };
}
