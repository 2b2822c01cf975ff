import { useQuery } from '@tanstack/react-query';
import type { UserDto } from '@water/contract/auth';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { userKeys } from '@/lib/query-keys.ts';

/** `GET api/users`: the users of the caller's data scope, filtered, paged and sorted. */
export function usersQuery(params: ListParams) {
  return pageQuery<UserDto>('api/users', userKeys.list(params), params);
}

export function useUsers(params: ListParams) {
  return useQuery(usersQuery(params));
}
