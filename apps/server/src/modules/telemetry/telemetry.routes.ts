import { telemetryRoutes as routes } from '@water/contract/telemetry-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { TelemetryService } from './telemetry.service.ts';

export async function telemetryRoutes(app: FastifyInstance, { service }: { service: TelemetryService }) {
  contractRoute(app, routes.machine, async (request) =>
    service.machineSeries(principalOf(request), request.params.id, request.query.range ?? '24h'),
  );
}
