import { queryOptions } from '@tanstack/react-query';
import type { Dept } from '@water/contract/depts';
import { callApi } from '@/lib/call-api.ts';
import { deptKeys } from '@/lib/query-keys.ts';

/** `GET api/dept?name=`: every department of the caller's scope whose name contains the text, flat. */
export async function searchDepts(name: string): Promise<Dept[]> {
  const page = await callApi('GET /api/dept', { query: { name, sort: 'deptSort,asc' } }, { errorNotice: 'network' });
  return page.content;
}

export function deptSearchQuery(name: string) {
  return queryOptions({ queryKey: deptKeys.search(name), queryFn: () => searchDepts(name) });
}
