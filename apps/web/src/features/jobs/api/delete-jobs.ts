import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** `DELETE api/job` with the ids as body; the server refuses jobs someone still holds. */
export async function deleteJobs(ids: number[]): Promise<void> {
  await apiClient.delete('api/job', { data: ids });
}

export function useDeleteJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJobs,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
