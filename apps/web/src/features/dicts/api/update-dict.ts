import type { DictInput } from '@water/contract/dicts';
import { callApi } from '@/lib/call-api.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/dict → 204`. Validation messages go to the form. */
export async function updateDict(input: DictInput): Promise<void> {
  await callApi('PUT /api/dict', { body: input }, { errorNotice: 'network' });
}

export function useUpdateDict() {
  return useInvalidatingMutation(updateDict, [dictKeys.all]);
}
