import { queryOptions } from '@tanstack/react-query';
import type { DeptNode } from '@water/contract/depts';
import { callApi } from '@/lib/call-api.ts';
import { deptKeys } from '@/lib/query-keys.ts';

/** `POST api/dept/superior`: the top level plus the siblings of each department and of its ancestors, nested. */
export async function getDeptSuperior(ids: readonly number[]): Promise<DeptNode[]> {
  const tree = await callApi('POST /api/dept/superior', { body: [...ids] }, { errorNotice: 'network' });
  return tree.content;
}

export function deptSuperiorQuery(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: deptKeys.superior(sorted),
    queryFn: () => getDeptSuperior(sorted),
  });
}
