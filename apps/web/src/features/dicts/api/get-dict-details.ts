import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DictDetail } from '@water/contract/dicts';
import { fetchPage } from '@/components/list/fetch-page.ts';
import type { ListParams } from '@/components/list/list-params.ts';

/** `GET api/dictDetail?dictName=`: the entries of one dictionary by sort order, paged, filtered by label. */
export function getDictDetails(dictName: string, params: ListParams) {
  return fetchPage<DictDetail>('api/dictDetail', { ...params, dictName });
}

export function dictDetailsQuery(dictName: string, params: ListParams) {
  return queryOptions({
    queryKey: ['dicts', 'details', dictName, params] as const,
    queryFn: () => getDictDetails(dictName, params),
    placeholderData: keepPreviousData,
  });
}

export function useDictDetails(dictName: string, params: ListParams) {
  return useQuery(dictDetailsQuery(dictName, params));
}
