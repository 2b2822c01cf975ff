import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { logKeys } from '@/lib/query-keys.ts';

export type LogKind = 'info' | 'error';

/** Where each log is listed, exported and cleared (eladmin's paths). */
export const LOG_ROUTES = {
  info: { list: 'GET /api/logs', download: 'GET /api/logs/download', clear: 'DELETE /api/logs/del/info' },
  error: { list: 'GET /api/logs/error', download: 'GET /api/logs/error/download', clear: 'DELETE /api/logs/del/error' },
} as const satisfies Record<LogKind, object>;

/** Both logs take the same filters. */
export type LogParams = RouteListParams<'GET /api/logs'>;

/** `GET api/logs` or `GET api/logs/error`: entries filtered by user, text and time, newest first. */
export function logsQuery(kind: LogKind, params: LogParams) {
  return pageQuery(LOG_ROUTES[kind].list, logKeys.list(kind, params), params);
}

export function useLogs(kind: LogKind, params: LogParams) {
  return useQuery(logsQuery(kind, params));
}
