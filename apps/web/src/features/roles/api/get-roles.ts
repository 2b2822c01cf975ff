import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { roleKeys } from '@/lib/query-keys.ts';

/** `GET api/roles`: roles with their departments and menus, filtered, paged and sorted. */
export function rolesQuery(params: RouteListParams<'GET /api/roles'>) {
  return pageQuery('GET /api/roles', roleKeys.list(params), params);
}

export function useRoles(params: RouteListParams<'GET /api/roles'>) {
  return useQuery(rolesQuery(params));
}
