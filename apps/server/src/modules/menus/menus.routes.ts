import { menuRoutes as routes } from '@water/contract/menus-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerCrud } from '../../lib/crud-routes.ts';
import { sendReady } from '../../lib/ready-answer.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { MenusService } from './menus.service.ts';

export async function menusRoutes(app: FastifyInstance, { service }: { service: MenusService }) {
  contractRoute(
    app,
    routes.build,
    async (request, reply) =>
      sendReady(request, reply, await service.routes(principalOf(request)), (principal) =>
        service.routesInMemory(principal),
      ),
    // A ready answer is compressed once, when it is made (lib/ready-answer.ts).
    { compress: false },
  );
  contractRoute(app, routes.tree, async () => service.tree());
  registerCrud(app, routes, service);
  contractRoute(app, routes.children, async (request) => service.children(request.query.pid));
  contractRoute(app, routes.subtree, async (request) => service.subtree(request.query.id));
  contractRoute(app, routes.superior, async (request) => service.superior(request.body), {
    config: { readOnly: true },
  });
}
