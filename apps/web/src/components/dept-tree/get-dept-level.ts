import { queryOptions } from '@tanstack/react-query';
import type { Dept } from '@water/contract/depts';
import { callApi } from '@/lib/call-api.ts';
import { deptKeys } from '@/lib/query-keys.ts';

/**
 * One level of the department tree in the caller's data scope: the top level for `null` (for a
 * user with a limited scope, the highest departments they may see), else the children of `pid`.
 * Without `page` the server answers every matching department.
 */
export async function getDeptLevel(pid: number | null, enabledOnly: boolean): Promise<Dept[]> {
  const page = await callApi(
    'GET /api/dept',
    { query: { ...(pid === null ? {} : { pid }), ...(enabledOnly ? { enabled: true } : {}), sort: 'deptSort,asc' } },
    // Pickers are a help inside other pages: a refusal must not take the user away from the page.
    { errorNotice: 'network' },
  );
  return page.content;
}

export function deptLevelQuery(pid: number | null, enabledOnly: boolean) {
  return queryOptions({
    queryKey: deptKeys.level(pid, enabledOnly),
    queryFn: () => getDeptLevel(pid, enabledOnly),
  });
}
