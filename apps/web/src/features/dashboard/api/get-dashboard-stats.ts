import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@water/contract/logs';
import { apiClient } from '@/lib/api-client.ts';
import { dashboardKeys } from '@/lib/query-keys.ts';

/** `api/dashboard/stats`: counts for the home page and the sign-ins of the last 7 days, oldest first. */
export async function getDashboardStats(): Promise<DashboardStats> {
  const { data } = await apiClient.get<DashboardStats>('api/dashboard/stats');
  return data;
}

export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats(),
  queryFn: getDashboardStats,
  staleTime: 30_000,
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery);
}
