import { filterRoutes as routes } from '@water/contract/filters-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { FiltersService } from './filters.service.ts';

/** The filter schedule and the models' stages (filter:list to read, filter:edit to change and run). */
export async function filtersRoutes(app: FastifyInstance, { service }: { service: FiltersService }) {
  contractRoute(app, routes.schedule, async (request) => service.schedule(principalOf(request), request.query));
  contractRoute(app, routes.run, async () => service.run());
  contractRoute(app, routes.machine, async (request) => service.ofMachine(principalOf(request), request.params.id));
  contractRoute(app, routes.stages, async (request) => service.stages(request.params.id));
  contractRoute(app, routes.setStages, async (request) => {
    await service.setStages(request.params.id, request.body);
  });
}
