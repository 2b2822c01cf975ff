import { dashboardRoutes as routes } from '@water/contract/dashboard-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

export async function dashboardRoutes(app: FastifyInstance, { service }: { service: DashboardService }) {
  contractRoute(app, routes.stats, async (request) => service.stats(principalOf(request)), {
    readsReplica: true,
  });
}
