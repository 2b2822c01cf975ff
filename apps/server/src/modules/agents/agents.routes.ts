import { agentRoutes as routes } from '@water/contract/agents-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerList } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AgentsService } from './agents.service.ts';

export async function agentsRoutes(app: FastifyInstance, { service }: { service: AgentsService }) {
  registerList(app, routes, service);
  contractRoute(app, routes.detail, async (request) => service.get(principalOf(request), request.params.id));
  contractRoute(app, routes.create, async (request) => {
    await service.create(principalOf(request), request.body);
  });
  contractRoute(app, routes.update, async (request) => {
    await service.update(principalOf(request), request.body);
  });
  contractRoute(app, routes.review, async (request) =>
    service.review(principalOf(request), request.params.id, request.body),
  );
}
