import { reportRoutes as routes } from '@water/contract/reports-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { ReportsService } from './reports.service.ts';

/** The reports page: figures (from the replica when there is one), files, and scheduled reports. */
export async function reportsRoutes(app: FastifyInstance, { service }: { service: ReportsService }) {
  contractRoute(app, routes.figures, async (request) => service.report(principalOf(request), request.query), {
    readsReplica: true,
  });
  contractRoute(app, routes.makeFile, async (request) =>
    service.makeFile(principalOf(request), request.body, languageOf(request.headers['accept-language'])),
  );
  contractRoute(app, routes.file, async (request, reply) =>
    service.sendFile(principalOf(request), request.params.id, reply),
  );
  contractRoute(app, routes.schedules, async (request) => service.schedules(principalOf(request)));
  contractRoute(app, routes.addSchedule, async (request) =>
    service.addSchedule(principalOf(request), request.body, languageOf(request.headers['accept-language'])),
  );
  contractRoute(app, routes.editSchedule, async (request) => service.editSchedule(principalOf(request), request.body));
  contractRoute(app, routes.deleteSchedules, async (request) =>
    service.deleteSchedules(principalOf(request), request.body),
  );
}
