import { useQuery } from '@tanstack/react-query';
import type { OnlineUser } from '@water/contract/logs';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { onlineKeys } from '@/lib/query-keys.ts';

/** `GET auth/online`: the sessions signed in now, within the caller's data scope. */
export function onlineUsersQuery(params: ListParams) {
  return pageQuery<OnlineUser>('auth/online', onlineKeys.list(params), params);
}

export function useOnlineUsers(params: ListParams) {
  return useQuery(onlineUsersQuery(params));
}
