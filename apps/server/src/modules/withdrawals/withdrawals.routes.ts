import { withdrawalRoutes as routes } from '@water/contract/withdrawals-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerList } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

export async function withdrawalsRoutes(app: FastifyInstance, { service }: { service: WithdrawalsService }) {
  registerList(app, routes, service);
  contractRoute(app, routes.totals, async (request) => service.totals(principalOf(request), request.query));
  contractRoute(app, routes.balances, async (request) => service.balances(principalOf(request), request.query));
  contractRoute(app, routes.terms, async () => service.terms());
  contractRoute(app, routes.detail, async (request) => service.detail(principalOf(request), request.params.id));
  contractRoute(app, routes.request, async (request) => service.request(principalOf(request), request.body));
  contractRoute(app, routes.review, async (request) =>
    service.review(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.payout, async (request) =>
    service.payout(principalOf(request), request.params.id, request.body),
  );
}
