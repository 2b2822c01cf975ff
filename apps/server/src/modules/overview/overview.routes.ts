import { overviewRoutes as routes } from '@water/contract/overview-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { OverviewService } from './overview.service.ts';

export async function overviewRoutes(app: FastifyInstance, { service }: { service: OverviewService }) {
  contractRoute(app, routes.business, async (request) => service.overview(principalOf(request)), {
    readsReplica: true,
  });
  contractRoute(app, routes.ranking, async (request) => service.ranking(principalOf(request), request.query), {
    readsReplica: true,
  });
}
