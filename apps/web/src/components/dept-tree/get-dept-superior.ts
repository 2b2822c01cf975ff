import { queryOptions } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import type { DeptNode } from '@water/contract/depts';
import { apiClient } from '@/lib/api-client.ts';
import { deptKeys } from '@/lib/query-keys.ts';

/** `POST api/dept/superior`: the top level plus the siblings of each department and of its ancestors, nested. */
export async function getDeptSuperior(ids: readonly number[]): Promise<DeptNode[]> {
  const { data } = await apiClient.post<PageOf<DeptNode>>('api/dept/superior', ids, { errorNotice: 'network' });
  return data.content;
}

export function deptSuperiorQuery(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: deptKeys.superior(sorted),
    queryFn: () => getDeptSuperior(sorted),
  });
}
