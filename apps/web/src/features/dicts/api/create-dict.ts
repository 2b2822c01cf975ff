import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DictInput } from '@water/contract/dicts';
import { apiClient } from '@/lib/api-client.ts';
import { invalidateDicts } from './invalidate-dicts.ts';

/** `POST api/dict → 201`. Validation messages go to the form. */
export async function createDict(input: DictInput): Promise<void> {
  await apiClient.post('api/dict', input, { errorNotice: 'network' });
}

export function useCreateDict() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDict, onSuccess: () => invalidateDicts(queryClient) });
}
