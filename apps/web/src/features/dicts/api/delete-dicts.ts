import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { invalidateDicts } from './invalidate-dicts.ts';

/** `DELETE api/dict` with the ids as body; their entries go too. */
export async function deleteDicts(ids: number[]): Promise<void> {
  await apiClient.delete('api/dict', { data: ids });
}

export function useDeleteDicts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDicts, onSuccess: () => invalidateDicts(queryClient) });
}
