import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleUpdateInput } from '@water/contract/roles';
import { apiClient } from '@/lib/api-client.ts';

/** `PUT api/roles → 204`. Validation and level messages go to the form. */
export async function updateRole(input: RoleUpdateInput): Promise<void> {
  await apiClient.put('api/roles', input, { errorNotice: 'network' });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
