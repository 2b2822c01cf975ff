import type { DictInput } from '@water/contract/dicts';
import { apiClient } from '@/lib/api-client.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/dict → 204`. Validation messages go to the form. */
export async function updateDict(input: DictInput): Promise<void> {
  await apiClient.put('api/dict', input, { errorNotice: 'network' });
}

export function useUpdateDict() {
  return useInvalidatingMutation(updateDict, [dictKeys.all]);
}
