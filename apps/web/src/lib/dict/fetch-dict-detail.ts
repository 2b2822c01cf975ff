import { apiClient } from '../api-client.ts';
import type { DictDetail } from './dict-items.ts';

/** Spec §9: every entry of one dictionary, in one call (page 0, size 9999). */
export async function fetchDictDetail(dictName: string): Promise<DictDetail[]> {
  const { data } = await apiClient.get<{ content: DictDetail[] }>('api/dictDetail', {
    params: { dictName, page: 0, size: 9999 },
  });
  return data.content;
}
