import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import type { OperationLog } from '@water/contract/logs';
import { apiClient } from '@/lib/api-client.ts';
import { dashboardKeys } from '@/lib/query-keys.ts';

/** The latest entries of the operation log (`log:list`), newest first. */
export async function getRecentOperations(size = 5): Promise<OperationLog[]> {
  const { data } = await apiClient.get<PageOf<OperationLog>>('api/logs', {
    params: { page: 0, size, sort: 'createTime,desc' },
  });
  return data.content;
}

export const recentOperationsQuery = queryOptions({
  queryKey: dashboardKeys.recentOperations(),
  queryFn: () => getRecentOperations(),
  staleTime: 30_000,
});

export function useRecentOperations() {
  return useQuery(recentOperationsQuery);
}
