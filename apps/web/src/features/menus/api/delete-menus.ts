import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `DELETE api/menus` with the ids as body: each menu goes with everything below it, and leaves every role. */
export async function deleteMenus(ids: number[]): Promise<void> {
  await apiClient.delete('api/menus', { data: ids });
}

export function useDeleteMenus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMenus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['menus'] }),
  });
}
