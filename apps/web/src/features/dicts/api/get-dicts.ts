import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { dictKeys } from '@/lib/query-keys.ts';

/** `GET api/dict`: dictionaries whose name or description matches `blurry`, paged. */
export function dictsQuery(params: RouteListParams<'GET /api/dict'>) {
  return pageQuery('GET /api/dict', dictKeys.list(params), params);
}

export function useDicts(params: RouteListParams<'GET /api/dict'>) {
  return useQuery(dictsQuery(params));
}
