import { PUBLIC_HEADERS } from '@water/contract/public-orders';
import { publicOrderRoutes as routes } from '@water/contract/public-orders-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import type { ConsumersService } from '../consumers/consumers.service.ts';
import type { ConsumerOrdersService } from './consumer-orders.service.ts';
import { paramOf, publicLimits } from './public-rate-limits.ts';

export const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Buying on a machine's public page: quote, order, follow and stop; no staff session. */
export async function consumerOrdersRoutes(
  app: FastifyInstance,
  { service, consumers, perMinute }: { service: ConsumerOrdersService; consumers: ConsumersService; perMinute: number },
) {
  const byMachine = publicLimits(app, perMinute, { kind: 'machine', of: paramOf('code') });
  // The page follows an order live: it may ask every second or two.
  const byOrder = publicLimits(app, perMinute * 5, { kind: 'order', of: paramOf('orderNo') });
  const consumerOf = (request: FastifyRequest) => consumers.consumerOf(headerOf(request, PUBLIC_HEADERS.consumer));

  contractRoute(
    app,
    routes.quote,
    async (request) => service.quote(request.params.code, request.body, await consumerOf(request)),
    byMachine,
  );
  contractRoute(
    app,
    routes.create,
    async (request) =>
      service.create(request.params.code, request.body, await consumerOf(request), { clientIp: request.ip }),
    byMachine,
  );
  contractRoute(
    app,
    routes.order,
    async (request) => service.order(request.params.orderNo, headerOf(request, PUBLIC_HEADERS.order)),
    byOrder,
  );
  contractRoute(
    app,
    routes.stop,
    async (request) => {
      await service.stop(request.params.orderNo, headerOf(request, PUBLIC_HEADERS.order));
    },
    byOrder,
  );
}
