import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleCreateInput } from '@water/contract/roles';
import { apiClient } from '@/lib/api-client.ts';

/** `POST api/roles → 201`. Validation and level messages go to the form. */
export async function createRole(input: RoleCreateInput): Promise<void> {
  await apiClient.post('api/roles', input, { errorNotice: 'network' });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
