import { authErrors } from './common.ts';
import { DashboardStats } from './logs.ts';
import { defineRoute } from './route.ts';

export const dashboardRoutes = {
  stats: defineRoute({
    method: 'GET',
    path: '/api/dashboard/stats',
    summary: 'Counts for the home page and sign-ins of the last 7 days, as far as the caller may see them',
    tags: ['dashboard'],
    permission: 'signed-in',
    replies: { 200: DashboardStats, ...authErrors },
  }),
};
