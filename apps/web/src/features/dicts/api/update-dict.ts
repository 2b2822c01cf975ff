import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DictInput } from '@water/contract/dicts';
import { apiClient } from '@/lib/api-client.ts';
import { invalidateDicts } from './invalidate-dicts.ts';

/** `PUT api/dict → 204`. Validation messages go to the form. */
export async function updateDict(input: DictInput): Promise<void> {
  await apiClient.put('api/dict', input, { errorNotice: 'network' });
}

export function useUpdateDict() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDict, onSuccess: () => invalidateDicts(queryClient) });
}
