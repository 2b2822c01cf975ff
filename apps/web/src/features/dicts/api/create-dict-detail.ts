import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DictDetailInput } from '@water/contract/dicts';
import { apiClient } from '@/lib/api-client.ts';
import { invalidateDicts } from './invalidate-dicts.ts';

/** `POST api/dictDetail → 201`. Validation messages go to the form. */
export async function createDictDetail(input: DictDetailInput): Promise<void> {
  await apiClient.post('api/dictDetail', input, { errorNotice: 'network' });
}

export function useCreateDictDetail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDictDetail, onSuccess: () => invalidateDicts(queryClient) });
}
