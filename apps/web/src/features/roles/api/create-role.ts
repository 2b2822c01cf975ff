import type { RoleCreateInput } from '@water/contract/roles';
import { apiClient } from '@/lib/api-client.ts';
import { roleKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/roles → 201`. Validation and level messages go to the form. */
export async function createRole(input: RoleCreateInput): Promise<void> {
  await apiClient.post('api/roles', input, { errorNotice: 'network' });
}

export function useCreateRole() {
  return useInvalidatingMutation(createRole, [roleKeys.all]);
}
