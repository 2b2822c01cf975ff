import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `DELETE api/users` with the ids as body. */
export async function deleteUsers(ids: number[]): Promise<void> {
  await apiClient.delete('api/users', { data: ids });
}

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
