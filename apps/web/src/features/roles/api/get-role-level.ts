import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleLevel } from '@water/contract/roles';
import { apiClient } from '@/lib/api-client.ts';
import { roleKeys } from '@/lib/query-keys.ts';

/** `GET api/roles/level`: the caller's best (lowest) level; roles above it cannot be changed. */
export async function getRoleLevel(): Promise<number> {
  const { data } = await apiClient.get<RoleLevel>('api/roles/level', { errorNotice: 'network' });
  return data.level;
}

export const roleLevelQuery = queryOptions({ queryKey: roleKeys.level(), queryFn: getRoleLevel });

export function useRoleLevel() {
  return useQuery(roleLevelQuery);
}
