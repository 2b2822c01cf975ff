import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@water/contract/auth';
import { fetchPage } from '@/components/list/fetch-page.ts';
import type { ListParams } from '@/components/list/list-params.ts';

/** `GET api/users`: the users of the caller's data scope, filtered, paged and sorted. */
export function getUsers(params: ListParams) {
  return fetchPage<UserDto>('api/users', params);
}

export function usersQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['users', 'list', params] as const,
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: ListParams) {
  return useQuery(usersQuery(params));
}
