import { useQuery } from '@tanstack/react-query';
import type { Dept } from '@water/contract/depts';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { deptKeys } from '@/lib/query-keys.ts';

/**
 * `GET api/dept`: the top level of the caller's departments, paged; with a name or creation-time
 * filter, every match as a flat list.
 */
export function deptsQuery(params: ListParams) {
  return pageQuery<Dept>('api/dept', deptKeys.list(params), params);
}

export function useDepts(params: ListParams) {
  return useQuery(deptsQuery(params));
}
