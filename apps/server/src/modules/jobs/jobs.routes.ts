import { jobRoutes as routes } from '@water/contract/jobs-routes';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../lib/crud-routes.ts';
import type { JobsService } from './jobs.service.ts';

export async function jobsRoutes(app: FastifyInstance, { service }: { service: JobsService }) {
  registerCrud(app, routes, service);
}
