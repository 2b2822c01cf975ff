import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { invalidateDicts } from './invalidate-dicts.ts';

/** `DELETE api/dictDetail/{id}`: one entry (the exception to deleting by a list of ids). */
export async function deleteDictDetail(id: number): Promise<void> {
  await apiClient.delete(`api/dictDetail/${id}`);
}

export function useDeleteDictDetail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDictDetail, onSuccess: () => invalidateDicts(queryClient) });
}
