import Type, { type Static } from 'typebox';

/** `GET /healthz` and `GET /readyz` when the answer is yes. */
export const HealthStatus = Type.Object({ status: Type.Literal('ok') });
export type HealthStatus = Static<typeof HealthStatus>;
