import { workOrderRoutes as routes } from '@water/contract/work-orders-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerList } from '../../lib/crud-routes.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { WorkOrdersService } from './workorders.service.ts';

const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/** Work orders for staff (workorder:list and the rest) and for technicians (their own, workorder:work). */
export async function workOrdersRoutes(app: FastifyInstance, { service }: { service: WorkOrdersService }) {
  registerList(app, routes, service);
  contractRoute(app, routes.detail, async (request) =>
    service.detail(principalOf(request), request.params.id, language(request)),
  );
  contractRoute(app, routes.create, async (request) => service.create(principalOf(request), request.body));
  contractRoute(app, routes.move, async (request) => {
    await service.move(principalOf(request), request.params.id, request.body);
  });
  contractRoute(app, routes.complete, async (request) => {
    await service.complete(principalOf(request), request.params.id, request.body);
  });
  contractRoute(app, routes.uploadPhoto, async (request) =>
    service.uploadPhoto(principalOf(request), request.params.id, request),
  );
  contractRoute(app, routes.photo, async (request, reply) =>
    service.sendPhoto(principalOf(request), request.params.id, request.params.name, reply),
  );
  contractRoute(app, routes.technicians, async () => service.technicians.list());
  contractRoute(app, routes.setRegion, async (request) => {
    await service.technicians.setRegion(request.params.id, request.body);
  });
  contractRoute(app, routes.atMachine, async (request) => service.atMachine(principalOf(request), request.params.code));
  contractRoute(app, routes.lastServiced, async (request) =>
    service.lastServiced(principalOf(request), request.params.id),
  );
}
