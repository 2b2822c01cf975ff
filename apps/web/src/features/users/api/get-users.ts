import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { userKeys } from '@/lib/query-keys.ts';

/** `GET api/users`: the users of the caller's data scope, filtered, paged and sorted. */
export function usersQuery(params: RouteListParams<'GET /api/users'>) {
  return pageQuery('GET /api/users', userKeys.list(params), params);
}

export function useUsers(params: RouteListParams<'GET /api/users'>) {
  return useQuery(usersQuery(params));
}
