import { onlineRoutes as routes } from '@water/contract/online-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerExport } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { OnlineService } from './online.service.ts';

export async function onlineRoutes(app: FastifyInstance, { service }: { service: OnlineService }) {
  contractRoute(app, routes.list, async (request) => service.list(principalOf(request), request.query));
  registerExport(app, routes.export, (request) => service.exportSheet(principalOf(request), request.query));
  contractRoute(app, routes.kick, async (request) => {
    await service.kick(principalOf(request), request.body);
  });
}
