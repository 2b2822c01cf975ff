import type { DictInput } from '@water/contract/dicts';
import { apiClient } from '@/lib/api-client.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/dict → 201`. Validation messages go to the form. */
export async function createDict(input: DictInput): Promise<void> {
  await apiClient.post('api/dict', input, { errorNotice: 'network' });
}

export function useCreateDict() {
  return useInvalidatingMutation(createDict, [dictKeys.all]);
}
