import type { RoleUpdateInput } from '@water/contract/roles';
import { apiClient } from '@/lib/api-client.ts';
import { roleKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/roles → 204`. Validation and level messages go to the form. */
export async function updateRole(input: RoleUpdateInput): Promise<void> {
  await apiClient.put('api/roles', input, { errorNotice: 'network' });
}

export function useUpdateRole() {
  return useInvalidatingMutation(updateRole, [roleKeys.all]);
}
