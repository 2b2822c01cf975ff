import { deptRoutes as routes } from '@water/contract/depts-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerCrud } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { DeptsService } from './depts.service.ts';

export async function deptsRoutes(app: FastifyInstance, { service }: { service: DeptsService }) {
  registerCrud(app, routes, service);
  contractRoute(app, routes.superior, async (request) => service.superior(principalOf(request), request.body), {
    config: { readOnly: true },
  });
}
