import { machineModelRoutes as models, machineRoutes as routes } from '@water/contract/machines-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerExport } from '../../lib/crud-routes.ts';
import { readUpload } from '../../lib/uploads.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { MachinesService } from './machines.service.ts';

export async function machinesRoutes(app: FastifyInstance, { service }: { service: MachinesService }) {
  contractRoute(app, models.list, async (request) => service.listModels(request.query));
  contractRoute(app, models.create, async (request) => {
    await service.createModel(principalOf(request), request.body);
  });
  contractRoute(app, models.update, async (request) => {
    await service.updateModel(principalOf(request), request.body);
  });
  contractRoute(app, models.remove, async (request) => {
    await service.removeModels(request.body);
  });

  contractRoute(app, routes.import, async (request) =>
    service.importSerials(principalOf(request), await readUpload(request, 'file', 5 * 1024 * 1024)),
  );
  contractRoute(app, routes.list, async (request) => service.list(principalOf(request), request.query));
  registerExport(app, routes.export, (request) => service.exportSheet(principalOf(request), request.query));
  contractRoute(app, routes.detail, async (request) => service.get(principalOf(request), request.params.id));
  contractRoute(app, routes.status, async (request) =>
    service.status(principalOf(request), request.params.id, request.query.period),
  );
  contractRoute(app, routes.allocations, async (request) =>
    service.allocations(principalOf(request), request.params.id),
  );
  contractRoute(app, routes.register, async (request) => service.register(principalOf(request), request.body));
  contractRoute(app, routes.allocate, async (request) => service.allocate(principalOf(request), request.body));
  contractRoute(app, routes.transfer, async (request) => service.transfer(principalOf(request), request.body));
  contractRoute(app, routes.changeLifecycle, async (request) =>
    service.changeLifecycle(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.installSites, async (request) =>
    service.installSites(principalOf(request), request.params.id),
  );
  contractRoute(app, routes.update, async (request) =>
    service.update(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.recall, async (request) => service.recall(principalOf(request), request.body));
}
