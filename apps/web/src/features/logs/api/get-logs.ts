import { useQuery } from '@tanstack/react-query';
import type { OperationLog } from '@water/contract/logs';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { logKeys } from '@/lib/query-keys.ts';

export type LogKind = 'info' | 'error';

/** Where each log is listed, exported and cleared (eladmin's paths). */
export const LOG_URLS: Record<LogKind, { list: string; download: string; clear: string }> = {
  info: { list: 'api/logs', download: 'api/logs/download', clear: 'api/logs/del/info' },
  error: { list: 'api/logs/error', download: 'api/logs/error/download', clear: 'api/logs/del/error' },
};

/** `GET api/logs` or `GET api/logs/error`: entries filtered by user, text and time, newest first. */
export function logsQuery(kind: LogKind, params: ListParams) {
  return pageQuery<OperationLog>(LOG_URLS[kind].list, logKeys.list(kind, params), params);
}

export function useLogs(kind: LogKind, params: ListParams) {
  return useQuery(logsQuery(kind, params));
}
