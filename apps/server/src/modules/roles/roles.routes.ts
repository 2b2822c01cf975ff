import { roleRoutes as routes } from '@water/contract/roles-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerCrud } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { RolesService } from './roles.service.ts';

export async function rolesRoutes(app: FastifyInstance, { service }: { service: RolesService }) {
  contractRoute(app, routes.all, async () => service.all());
  contractRoute(app, routes.level, async (request) => ({ level: principalOf(request).level }));
  registerCrud(app, routes, service);
  contractRoute(app, routes.detail, async (request) => service.one(request.params.id));
  contractRoute(app, routes.updateMenus, async (request) => {
    await service.updateMenus(principalOf(request), request.body);
  });
}
