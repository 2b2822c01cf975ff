import { queryOptions } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import type { Dept } from '@water/contract/depts';
import { apiClient } from '@/lib/api-client.ts';
import { deptKeys } from '@/lib/query-keys.ts';

/** `GET api/dept?name=`: every department of the caller's scope whose name contains the text, flat. */
export async function searchDepts(name: string): Promise<Dept[]> {
  const { data } = await apiClient.get<PageOf<Dept>>('api/dept', {
    params: { name, sort: 'deptSort,asc' },
    errorNotice: 'network',
  });
  return data.content;
}

export function deptSearchQuery(name: string) {
  return queryOptions({ queryKey: deptKeys.search(name), queryFn: () => searchDepts(name) });
}
