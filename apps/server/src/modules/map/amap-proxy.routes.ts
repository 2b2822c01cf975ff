import { mapRoutes as routes } from '@water/contract/map-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import type { AmapProxy } from './amap-proxy.service.ts';

/** `GET api/map/amap/*`: AMap's web services, with the server's security code added. */
export async function amapProxyRoutes(app: FastifyInstance, { service }: { service: AmapProxy }) {
  contractRoute(app, routes.amap, async (request) =>
    service.forward((request.params as { '*': string })['*'], request.query as Record<string, unknown>),
  );
}
