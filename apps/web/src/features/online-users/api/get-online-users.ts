import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { onlineKeys } from '@/lib/query-keys.ts';

/** `GET auth/online`: the sessions signed in now, within the caller's data scope. */
export function onlineUsersQuery(params: RouteListParams<'GET /auth/online'>) {
  return pageQuery('GET /auth/online', onlineKeys.list(params), params);
}

export function useOnlineUsers(params: RouteListParams<'GET /auth/online'>) {
  return useQuery(onlineUsersQuery(params));
}
