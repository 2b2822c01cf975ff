import type { PageOf, PageQuery } from '@water/contract/common';
import type { OperationLog } from '@water/contract/logs';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { Principal } from '../../lib/principal.ts';
import { formatDateTime } from '../../lib/time.ts';
import { type LogFilter, type LogType, logOrder, logSortable, logsRepository as repo } from './logs.repository.ts';

export type LogsService = ReturnType<typeof createLogsService>;

/** The operation log and the error log: read, and cleared by administrators. */
export function createLogsService({ db }: Pick<Deps, 'db'>) {
  async function list(logType: LogType, query: PageQuery & LogFilter): Promise<PageOf<OperationLog>> {
    const page = await repo.page(db, logType, query, toPaging(query, logSortable, logOrder));
    return {
      content: page.content.map((row) => ({ ...row, createTime: formatDateTime(row.createTime) as string })),
      totalElements: page.totalElements,
    };
  }

  return {
    list,

    /** The signed-in user's own operations; parameters may hold what others typed about them, so not those. */
    async own(principal: Principal, query: PageQuery): Promise<PageOf<OperationLog>> {
      const { content, totalElements } = await list('INFO', { ...query, username: principal.username });
      return { content: content.map((entry) => ({ ...entry, params: null })), totalElements };
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
