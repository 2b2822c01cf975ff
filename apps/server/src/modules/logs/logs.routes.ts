import { logRoutes as routes } from '@water/contract/logs-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerExport } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { LogsService } from './logs.service.ts';

export async function logsRoutes(app: FastifyInstance, { service }: { service: LogsService }) {
  contractRoute(app, routes.list, async (request) => service.list('INFO', request.query));
  contractRoute(app, routes.errors, async (request) => service.list('ERROR', request.query));
  registerExport(app, routes.export, (request) => service.exportSheet('INFO', request.query));
  registerExport(app, routes.exportErrors, (request) => service.exportSheet('ERROR', request.query));
  contractRoute(app, routes.errorDetail, async (request) => service.exception(request.params.id));
  contractRoute(app, routes.own, async (request) => service.own(principalOf(request), request.query));
  contractRoute(app, routes.clear, async () => {
    await service.clear('INFO');
  });
  contractRoute(app, routes.clearErrors, async () => {
    await service.clear('ERROR');
  });
}
