import { siteRoutes as routes } from '@water/contract/sites-routes';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../lib/crud-routes.ts';
import type { SitesService } from './sites.service.ts';

export async function sitesRoutes(app: FastifyInstance, { service }: { service: SitesService }) {
  registerCrud(app, routes, service);
}
