import { authErrors, ErrorBody, IdRef } from './common.ts';
import { DEVICE_PERMISSIONS as P } from './machines.ts';
import { defineRoute } from './route.ts';
import { MachineTelemetry, TelemetryQuery } from './telemetry.ts';

export const telemetryRoutes = {
  machine: defineRoute({
    method: 'GET',
    path: '/api/machines/:id/telemetry',
    summary: 'A machine’s TDS in and out, temperature, tank level and signal over the last 24 hours, 7 or 90 days',
    tags: ['machines'],
    permission: [P.list],
    params: IdRef,
    query: TelemetryQuery,
    replies: { 200: MachineTelemetry, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};
