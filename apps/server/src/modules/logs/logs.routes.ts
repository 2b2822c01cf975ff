import { logRoutes as routes } from '@water/contract/logs-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { sheetIn } from '../../lib/list-sheet.ts';
import { languageOf } from '../../lib/texts.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { LogsService } from './logs.service.ts';

export async function logsRoutes(app: FastifyInstance, { service }: { service: LogsService }) {
  contractRoute(app, routes.list, async (request) => service.list('INFO', request.query));
  contractRoute(app, routes.errors, async (request) => service.list('ERROR', request.query));
  contractRoute(app, routes.export, async (request, reply) =>
    sendXlsx(
      reply,
      sheetIn(await service.exportSheet('INFO', request.query), languageOf(request.headers['accept-language'])),
      app.clock.now(),
    ),
  );
  contractRoute(app, routes.exportErrors, async (request, reply) =>
    sendXlsx(
      reply,
      sheetIn(await service.exportSheet('ERROR', request.query), languageOf(request.headers['accept-language'])),
      app.clock.now(),
    ),
  );
  contractRoute(app, routes.errorDetail, async (request) => service.exception(request.params.id));
  contractRoute(app, routes.own, async (request) => service.own(principalOf(request), request.query));
  contractRoute(app, routes.clear, async () => {
    await service.clear('INFO');
  });
  contractRoute(app, routes.clearErrors, async () => {
    await service.clear('ERROR');
  });
}
