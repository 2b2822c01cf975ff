import { partsRoutes as routes } from '@water/contract/parts-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { PartsService } from './parts.service.ts';

/** Parts, warehouses and stock for staff (part:list, part:edit, stock:move); a technician's own stock. */
export async function partsRoutes(app: FastifyInstance, { service }: { service: PartsService }) {
  const { movements } = service;
  contractRoute(app, routes.parts, async () => service.parts());
  contractRoute(app, routes.addPart, async (request, reply) =>
    reply.code(201).send(await service.addPart(request.body)),
  );
  contractRoute(app, routes.editPart, async (request) => service.editPart(request.params.id, request.body));
  contractRoute(app, routes.warehouses, async () => service.warehouses());
  contractRoute(app, routes.addWarehouse, async (request, reply) =>
    reply.code(201).send(await service.addWarehouse(request.body)),
  );
  contractRoute(app, routes.editWarehouse, async (request) => service.editWarehouse(request.params.id, request.body));
  contractRoute(app, routes.stock, async (request) => movements.stock(request.query));
  contractRoute(app, routes.myStock, async (request) => service.myStock(principalOf(request)));
  contractRoute(app, routes.movements, async (request) => movements.movements(request.query));
  contractRoute(app, routes.receive, async (request, reply) =>
    reply.code(201).send(await movements.receive(principalOf(request), request.body)),
  );
  contractRoute(app, routes.transfer, async (request, reply) =>
    reply.code(201).send(await movements.transfer(principalOf(request), request.body)),
  );
  contractRoute(app, routes.adjust, async (request, reply) =>
    reply.code(201).send(await movements.adjust(principalOf(request), request.body)),
  );
}
