import Type, { type Static } from 'typebox';

/**
 * `GET /healthz` and `GET /readyz` when the answer is yes. With a read replica (DATABASE_READ_URL),
 * readiness also says whether it answers: while it is `down`, every read goes to the primary.
 */
export const HealthStatus = Type.Object({
  status: Type.Literal('ok'),
  replica: Type.Optional(Type.Union([Type.Literal('up'), Type.Literal('down')])),
});
export type HealthStatus = Static<typeof HealthStatus>;
