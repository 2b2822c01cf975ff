import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export interface DailySignIns {
  /** `yyyy-MM-dd`. */
  date: string;
  count: number;
}

/** `api/dashboard/stats`: counts for the home page and the sign-ins of the last 7 days, oldest first. */
export interface DashboardStats {
  users: number;
  onlineUsers: number;
  menus: number;
  dicts: number;
  signIns: DailySignIns[];
}

export async function getDashboardStats(): Promise<DashboardStats> {
  const { data } = await apiClient.get<DashboardStats>('api/dashboard/stats');
  return data;
}

export const dashboardStatsQuery = queryOptions({
  queryKey: ['dashboard', 'stats'],
  queryFn: getDashboardStats,
  staleTime: 30_000,
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery);
}
