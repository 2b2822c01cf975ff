import type { DictDetailInput } from '@water/contract/dicts';
import { callApi } from '@/lib/call-api.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/dictDetail → 204`. Validation messages go to the form. */
export async function updateDictDetail(input: DictDetailInput): Promise<void> {
  await callApi('PUT /api/dictDetail', { body: input }, { errorNotice: 'network' });
}

export function useUpdateDictDetail() {
  return useInvalidatingMutation(updateDictDetail, [dictKeys.all]);
}
