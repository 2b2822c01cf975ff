import type { PageOf } from '@water/contract/common';
import type { DictDetail } from '@water/contract/dicts';
import { apiClient } from '../api-client.ts';

/** Spec §9: every entry of one dictionary, in one call (page 0, size 9999). */
export async function fetchDictDetail(dictName: string): Promise<DictDetail[]> {
  const { data } = await apiClient.get<PageOf<DictDetail>>('api/dictDetail', {
    params: { dictName, page: 0, size: 9999 },
  });
  return data.content;
}
