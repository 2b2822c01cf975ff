import { useQuery } from '@tanstack/react-query';
import type { Role } from '@water/contract/roles';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { roleKeys } from '@/lib/query-keys.ts';

/** `GET api/roles`: roles with their departments and menus, filtered, paged and sorted. */
export function rolesQuery(params: ListParams) {
  return pageQuery<Role>('api/roles', roleKeys.list(params), params);
}

export function useRoles(params: ListParams) {
  return useQuery(rolesQuery(params));
}
