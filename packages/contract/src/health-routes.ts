import { ErrorBody } from './common.ts';
import { HealthStatus } from './health.ts';
import { defineRoute } from './route.ts';

const tags = ['health'];

/** Probes for a reverse proxy or orchestrator: public, and no token in the API document. */
export const healthRoutes = {
  live: defineRoute({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: 200 while the process is up (does not touch the database)',
    tags,
    permission: 'public',
    security: [],
    replies: { 200: HealthStatus },
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: 200 when the database answers and is migrated, 503 otherwise',
    tags,
    permission: 'public',
    security: [],
    replies: { 200: HealthStatus, 503: ErrorBody },
  }),
};
