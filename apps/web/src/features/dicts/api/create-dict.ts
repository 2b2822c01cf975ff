import type { DictInput } from '@water/contract/dicts';
import { callApi } from '@/lib/call-api.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/dict → 201`. Validation messages go to the form. */
export async function createDict(input: DictInput): Promise<void> {
  await callApi('POST /api/dict', { body: input }, { errorNotice: 'network' });
}

export function useCreateDict() {
  return useInvalidatingMutation(createDict, [dictKeys.all]);
}
