import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@water/contract/common';
import { HealthStatus } from '@water/contract/health';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service.ts';

const tags = ['health'];
const OK = { status: 'ok' } as const;

/**
 * Probes for a reverse proxy or orchestrator: public, not in the operation log, and only
 * warnings in the request log (a probe every few seconds would drown it).
 */
export async function healthRoutes(base: FastifyInstance, { service }: { service: HealthService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Liveness: 200 while the process is up (does not touch the database)',
        security: [],
        response: { 200: HealthStatus },
      },
    },
    async () => OK,
  );
  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Readiness: 200 when the database answers and is migrated, 503 otherwise',
        security: [],
        response: { 200: HealthStatus, 503: ErrorBody },
      },
    },
    async () => {
      await service.ready();
      return OK;
    },
  );
}
