import { healthRoutes as routes } from '@water/contract/health-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import type { HealthService } from './health.service.ts';

const OK = { status: 'ok' } as const;

/**
 * Probes for a reverse proxy or orchestrator: public, not in the operation log, and only
 * warnings in the request log (a probe every few seconds would drown it).
 */
export async function healthRoutes(app: FastifyInstance, { service }: { service: HealthService }) {
  contractRoute(app, routes.live, async () => OK, { logLevel: 'warn' });
  contractRoute(app, routes.ready, async () => ({ ...OK, ...(await service.ready()) }), { logLevel: 'warn' });
}
