import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors } from '@water/contract/common';
import { DashboardStats } from '@water/contract/logs';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

export async function dashboardRoutes(base: FastifyInstance, { service }: { service: DashboardService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Counts for the home page and sign-ins of the last 7 days, as far as the caller may see them',
        response: { 200: DashboardStats, ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request) => service.stats(principalOf(request)),
  );
}
