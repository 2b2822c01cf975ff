import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dept } from '@water/contract/depts';
import { fetchPage } from '@/components/list/fetch-page.ts';
import type { ListParams } from '@/components/list/list-params.ts';

/**
 * `GET api/dept`: the top level of the caller's departments, paged; with a name or creation-time
 * filter, every match as a flat list.
 */
export function getDepts(params: ListParams) {
  return fetchPage<Dept>('api/dept', params);
}

export function deptsQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['depts', 'list', params] as const,
    queryFn: () => getDepts(params),
    placeholderData: keepPreviousData,
  });
}

export function useDepts(params: ListParams) {
  return useQuery(deptsQuery(params));
}
