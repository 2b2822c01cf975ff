import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@water/contract/roles';
import { apiClient } from '@/lib/api-client.ts';
import { roleKeys } from '@/lib/query-keys.ts';

/** `GET api/roles/all`: every role, best level first, for the user form. */
export async function getRoleOptions(): Promise<Role[]> {
  const { data } = await apiClient.get<Role[]>('api/roles/all', { errorNotice: 'network' });
  return data;
}

export const roleOptionsQuery = queryOptions({ queryKey: roleKeys.options(), queryFn: getRoleOptions });

export function useRoleOptions(enabled = true) {
  return useQuery({ ...roleOptionsQuery, enabled });
}
