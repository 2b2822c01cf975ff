import type { DictDetailInput } from '@water/contract/dicts';
import { callApi } from '@/lib/call-api.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/dictDetail → 201`. Validation messages go to the form. */
export async function createDictDetail(input: DictDetailInput): Promise<void> {
  await callApi('POST /api/dictDetail', { body: input }, { errorNotice: 'network' });
}

export function useCreateDictDetail() {
  return useInvalidatingMutation(createDictDetail, [dictKeys.all]);
}
