import { mapRoutes as routes } from '@water/contract/map-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { MachinesService } from './machines.service.ts';

/** The fleet's map: machines where their sites stand, and those near a point. */
export async function mapRoutes(app: FastifyInstance, { service }: { service: MachinesService }) {
  contractRoute(app, routes.fleet, async (request) => service.fleetMap(principalOf(request), request.query));
  contractRoute(app, routes.near, async (request) => service.near(principalOf(request), request.query));
}
