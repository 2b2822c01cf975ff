import { monitorRoutes as routes } from '@water/contract/monitor-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import type { MonitorService } from './monitor.service.ts';

export async function monitorRoutes(app: FastifyInstance, { service }: { service: MonitorService }) {
  contractRoute(app, routes.server, async () => service.server());
  contractRoute(app, routes.eladmin, async () => service.eladmin());
  contractRoute(app, routes.statements, async () => service.statements());
  contractRoute(app, routes.resetStatements, async () => {
    service.resetStatements();
  });
}

/** The console's SQL page: the seeded menu `monitor` > `sql`. */
export const SQL_PAGE_PATH = '/monitor/sql';

/** `/druid` and everything below it, where eladmin kept its SQL monitor, lead to the console's SQL page. */
export async function druidRedirect(app: FastifyInstance) {
  contractRoute(app, routes.druid, async (_request, reply) => reply.redirect(SQL_PAGE_PATH, 302));
  contractRoute(app, routes.druidFiles, async (_request, reply) => reply.redirect(SQL_PAGE_PATH, 302));
}
