import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { logKeys } from '@/lib/query-keys.ts';

/** `GET api/logs/user`: what the signed-in user did recently, newest first. */
export function ownLogsQuery(params: RouteListParams<'GET /api/logs/user'>) {
  return pageQuery('GET /api/logs/user', logKeys.own(params), params);
}

export function useOwnLogs(params: RouteListParams<'GET /api/logs/user'>) {
  return useQuery(ownLogsQuery(params));
}
