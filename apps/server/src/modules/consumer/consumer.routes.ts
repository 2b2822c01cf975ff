import { READ_LIMITS, REPORT_LIMITS } from '@water/contract/public-machines';
import { consumerReportRoutes, publicMachineRoutes as routes } from '@water/contract/public-machines-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { ConsumerService } from './consumer.service.ts';
import { codeOf, publicLimits } from './consumer-limits.ts';
import { machinePageRoutes } from './machine-page.routes.ts';
import type { PageAssets } from './machine-page.ts';
import type { StickersService } from './stickers.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The consumer's page API: no staff session, every route limited per address and per machine. */
export async function publicConsumerRoutes(
  app: FastifyInstance,
  { service, assets }: { service: ConsumerService; assets: () => PageAssets },
) {
  const readLimits = publicLimits(app, [
    { name: 'machine-read-ip', max: READ_LIMITS.perIpPerMinute, windowMs: MINUTE, key: (request) => request.ip },
    { name: 'machine-read-code', max: READ_LIMITS.perMachinePerMinute, windowMs: MINUTE, key: codeOf },
  ]);
  const reportLimits = publicLimits(app, [
    { name: 'machine-report-ip', max: REPORT_LIMITS.perIpPerHour, windowMs: HOUR, key: (request) => request.ip },
    { name: 'machine-report-code', max: REPORT_LIMITS.perMachinePerHour, windowMs: HOUR, key: codeOf },
  ]);
  contractRoute(
    app,
    routes.machine,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.machine(request.params.code);
    },
    { preValidation: readLimits },
  );
  await machinePageRoutes(app, { service, assets, limits: readLimits });
  contractRoute(app, routes.report, async (request) => service.report(request.params.code, request.body), {
    preValidation: reportLimits,
  });
}

/** What staff read of consumers' reports, and the machines' stickers. */
export async function consumerStaffRoutes(
  app: FastifyInstance,
  { service, stickers }: { service: ConsumerService; stickers: StickersService },
) {
  contractRoute(app, consumerReportRoutes.ofAlarm, async (request) =>
    service.reportsOfAlarm(principalOf(request), request.params.id),
  );
  contractRoute(app, consumerReportRoutes.ofOrder, async (request) =>
    service.reportsOfOrder(principalOf(request), request.params.orderNo),
  );
  contractRoute(app, consumerReportRoutes.photo, async (request, reply) =>
    service.sendPhoto(principalOf(request), request.params.id, request.params.reportNo, reply),
  );
  contractRoute(app, consumerReportRoutes.stickers, async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    const pdf = await stickers.pdf(principalOf(request), request.body.ids, origin);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'attachment; filename="stickers.pdf"')
      .send(pdf);
  });
}
