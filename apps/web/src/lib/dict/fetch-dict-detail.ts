import type { DictDetail } from '@water/contract/dicts';
import { callApi } from '../call-api.ts';

/** Spec §9: every entry of one dictionary, in one call (page 0, size 9999). */
export async function fetchDictDetail(dictName: string): Promise<DictDetail[]> {
  const page = await callApi('GET /api/dictDetail', { query: { dictName, page: 0, size: 9999 } });
  return page.content;
}
