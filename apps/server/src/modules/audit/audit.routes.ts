import { auditRoutes as routes } from '@water/contract/audit-routes';
import type { FastifyInstance } from 'fastify';
import { registerList } from '../../lib/crud-routes.ts';
import type { AuditService } from './audit.service.ts';

/** The record of changes, read only: a list and its export, no route that writes. */
export async function auditRoutes(app: FastifyInstance, { service }: { service: AuditService }) {
  registerList(app, routes, service);
}
