import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DictDetailInput } from '@water/contract/dicts';
import { apiClient } from '@/lib/api-client.ts';
import { invalidateDicts } from './invalidate-dicts.ts';

/** `PUT api/dictDetail → 204`. Validation messages go to the form. */
export async function updateDictDetail(input: DictDetailInput): Promise<void> {
  await apiClient.put('api/dictDetail', input, { errorNotice: 'network' });
}

export function useUpdateDictDetail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDictDetail, onSuccess: () => invalidateDicts(queryClient) });
}
