import { useQuery } from '@tanstack/react-query';
import type { Dict } from '@water/contract/dicts';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { dictKeys } from '@/lib/query-keys.ts';

/** `GET api/dict`: dictionaries whose name or description matches `blurry`, paged. */
export function dictsQuery(params: ListParams) {
  return pageQuery<Dict>('api/dict', dictKeys.list(params), params);
}

export function useDicts(params: ListParams) {
  return useQuery(dictsQuery(params));
}
