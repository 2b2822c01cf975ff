import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@water/contract/logs';
import { callApi } from '@/lib/call-api.ts';
import { dashboardKeys } from '@/lib/query-keys.ts';

/** `api/dashboard/stats`: counts for the home page and the sign-ins of the last 7 days, oldest first. */
export async function getDashboardStats(): Promise<DashboardStats> {
  return callApi('GET /api/dashboard/stats');
}

export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats(),
  queryFn: getDashboardStats,
  staleTime: 30_000,
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery);
}
