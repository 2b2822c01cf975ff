import type { DictDetailInput } from '@water/contract/dicts';
import { apiClient } from '@/lib/api-client.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/dictDetail → 201`. Validation messages go to the form. */
export async function createDictDetail(input: DictDetailInput): Promise<void> {
  await apiClient.post('api/dictDetail', input, { errorNotice: 'network' });
}

export function useCreateDictDetail() {
  return useInvalidatingMutation(createDictDetail, [dictKeys.all]);
}
