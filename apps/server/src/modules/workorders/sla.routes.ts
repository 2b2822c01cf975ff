import { slaRoutes as routes } from '@water/contract/sla-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerExport } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { SlaService } from './sla.service.ts';

/** SLA targets and report (sla:list, sla:edit) and an order's clocks (its readers). */
export async function slaRoutes(app: FastifyInstance, { service }: { service: SlaService }) {
  contractRoute(app, routes.report, async (request) => service.report(principalOf(request), request.query));
  registerExport(app, routes.export, (request) => service.exportSheet(principalOf(request), request.query));
  contractRoute(app, routes.settings, async () => service.settings());
  contractRoute(app, routes.saveSettings, async (request) => {
    await service.saveSettings(principalOf(request), request.body);
  });
  contractRoute(app, routes.order, async (request) => service.order(principalOf(request), request.params.id));
}
