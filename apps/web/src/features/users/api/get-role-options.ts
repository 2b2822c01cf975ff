import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@water/contract/roles';
import { callApi } from '@/lib/call-api.ts';
import { roleKeys } from '@/lib/query-keys.ts';

/** `GET api/roles/all`: every role, best level first, for the user form. */
export async function getRoleOptions(): Promise<Role[]> {
  return callApi('GET /api/roles/all', {}, { errorNotice: 'network' });
}

export const roleOptionsQuery = queryOptions({ queryKey: roleKeys.options(), queryFn: getRoleOptions });

export function useRoleOptions(enabled = true) {
  return useQuery({ ...roleOptionsQuery, enabled });
}
