import { useQuery } from '@tanstack/react-query';
import type { DictDetail } from '@water/contract/dicts';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { dictKeys } from '@/lib/query-keys.ts';

/** `GET api/dictDetail?dictName=`: the entries of one dictionary by sort order, paged, filtered by label. */
export function dictDetailsQuery(dictName: string, params: ListParams) {
  return pageQuery<DictDetail>('api/dictDetail', dictKeys.details(dictName, params), {
    ...params,
    dictName,
  });
}

export function useDictDetails(dictName: string, params: ListParams) {
  return useQuery(dictDetailsQuery(dictName, params));
}
