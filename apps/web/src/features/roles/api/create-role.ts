import type { RoleCreateInput } from '@water/contract/roles';
import { callApi } from '@/lib/call-api.ts';
import { roleKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/roles → 201`. Validation and level messages go to the form. */
export async function createRole(input: RoleCreateInput): Promise<void> {
  await callApi('POST /api/roles', { body: input }, { errorNotice: 'network' });
}

export function useCreateRole() {
  return useInvalidatingMutation(createRole, [roleKeys.all]);
}
