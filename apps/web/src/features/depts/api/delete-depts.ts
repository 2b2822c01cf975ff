import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `DELETE api/dept` with the ids as body: each department goes with all its sub-departments. */
export async function deleteDepts(ids: number[]): Promise<void> {
  await apiClient.delete('api/dept', { data: ids });
}

export function useDeleteDepts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['depts'] }),
  });
}
