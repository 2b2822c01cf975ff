import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@water/contract/roles';
import { fetchPage } from '@/components/list/fetch-page.ts';
import type { ListParams } from '@/components/list/list-params.ts';

/** `GET api/roles`: roles with their departments and menus, filtered, paged and sorted. */
export function getRoles(params: ListParams) {
  return fetchPage<Role>('api/roles', params);
}

export function rolesQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['roles', 'list', params] as const,
    queryFn: () => getRoles(params),
    placeholderData: keepPreviousData,
  });
}

export function useRoles(params: ListParams) {
  return useQuery(rolesQuery(params));
}
