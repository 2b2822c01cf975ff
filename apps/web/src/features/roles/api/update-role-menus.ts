import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleMenusInput } from '@water/contract/roles';
import { apiClient } from '@/lib/api-client.ts';

/** `PUT api/roles/menu` → 204: the menus and buttons a role grants; holders see the change without signing in again. */
export async function updateRoleMenus(input: RoleMenusInput): Promise<void> {
  await apiClient.put('api/roles/menu', input);
}

export function useUpdateRoleMenus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoleMenus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
