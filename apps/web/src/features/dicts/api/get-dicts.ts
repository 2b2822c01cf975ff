import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dict } from '@water/contract/dicts';
import { fetchPage } from '@/components/list/fetch-page.ts';
import type { ListParams } from '@/components/list/list-params.ts';

/** `GET api/dict`: dictionaries whose name or description matches `blurry`, paged. */
export function getDicts(params: ListParams) {
  return fetchPage<Dict>('api/dict', params);
}

export function dictsQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['dicts', 'list', params] as const,
    queryFn: () => getDicts(params),
    placeholderData: keepPreviousData,
  });
}

export function useDicts(params: ListParams) {
  return useQuery(dictsQuery(params));
}
