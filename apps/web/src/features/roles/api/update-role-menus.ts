import type { RoleMenusInput } from '@water/contract/roles';
import { callApi } from '@/lib/call-api.ts';
import { roleKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/roles/menu` → 204: the menus and buttons a role grants; holders see the change without signing in again. */
export async function updateRoleMenus(input: RoleMenusInput): Promise<void> {
  await callApi('PUT /api/roles/menu', { body: input });
}

export function useUpdateRoleMenus() {
  return useInvalidatingMutation(updateRoleMenus, [roleKeys.all]);
}
