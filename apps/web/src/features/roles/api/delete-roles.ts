import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `DELETE api/roles` with the ids as body; the server refuses roles that users still hold. */
export async function deleteRoles(ids: number[]): Promise<void> {
  await apiClient.delete('api/roles', { data: ids });
}

export function useDeleteRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
