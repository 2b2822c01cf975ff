import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperationLog } from '@water/contract/logs';
import { callApi } from '@/lib/call-api.ts';
import { dashboardKeys } from '@/lib/query-keys.ts';

/** The latest entries of the operation log (`log:list`), newest first. */
export async function getRecentOperations(size = 5): Promise<OperationLog[]> {
  const page = await callApi('GET /api/logs', { query: { page: 0, size, sort: 'createTime,desc' } });
  return page.content;
}

export const recentOperationsQuery = queryOptions({
  queryKey: dashboardKeys.recentOperations(),
  queryFn: () => getRecentOperations(),
  staleTime: 30_000,
});

export function useRecentOperations() {
  return useQuery(recentOperationsQuery);
}
