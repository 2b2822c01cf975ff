import { pricePolicyRoutes as routes } from '@water/contract/price-policies-routes';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../lib/crud-routes.ts';
import type { PricePoliciesService } from './price-policies.service.ts';

export async function pricePoliciesRoutes(app: FastifyInstance, { service }: { service: PricePoliciesService }) {
  registerCrud(app, routes, service);
}
