import type { RoleUpdateInput } from '@water/contract/roles';
import { callApi } from '@/lib/call-api.ts';
import { roleKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/roles → 204`. Validation and level messages go to the form. */
export async function updateRole(input: RoleUpdateInput): Promise<void> {
  await callApi('PUT /api/roles', { body: input }, { errorNotice: 'network' });
}

export function useUpdateRole() {
  return useInvalidatingMutation(updateRole, [roleKeys.all]);
}
