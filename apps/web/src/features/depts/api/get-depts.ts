import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { deptKeys } from '@/lib/query-keys.ts';

/**
 * `GET api/dept`: the top level of the caller's departments, paged; with a name or creation-time
 * filter, every match as a flat list.
 */
export function deptsQuery(params: RouteListParams<'GET /api/dept'>) {
  return pageQuery('GET /api/dept', deptKeys.list(params), params);
}

export function useDepts(params: RouteListParams<'GET /api/dept'>) {
  return useQuery(deptsQuery(params));
}
