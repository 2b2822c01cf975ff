import { useQuery } from '@tanstack/react-query';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { dictKeys } from '@/lib/query-keys.ts';

/** The filters of a dictionary's entries besides the dictionary itself. */
export type DictDetailFilters = Omit<ListFilters<'GET /api/dictDetail'>, 'dictName'>;

/** `GET api/dictDetail?dictName=`: the entries of one dictionary by sort order, paged, filtered by label. */
export function dictDetailsQuery(dictName: string, params: ListParams<DictDetailFilters>) {
  return pageQuery('GET /api/dictDetail', dictKeys.details(dictName, params), { ...params, dictName });
}

export function useDictDetails(dictName: string, params: ListParams<DictDetailFilters>) {
  return useQuery(dictDetailsQuery(dictName, params));
}
