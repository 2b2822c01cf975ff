import Type, { type Static } from 'typebox';
import { OneOf } from './common.ts';

/** The spans a machine's telemetry chart shows: the last 24 hours, 7 days or 90 days. */
export const TELEMETRY_RANGES = ['24h', '7d', '90d'] as const;
export type TelemetryRange = (typeof TELEMETRY_RANGES)[number];

/** What a heartbeat reports that is kept over time, in the order the charts show them. */
export const TELEMETRY_METRICS = ['tdsIn', 'tdsOut', 'temperature', 'tankLevel', 'signal'] as const;
export type TelemetryMetric = (typeof TELEMETRY_METRICS)[number];

/** Seconds between two points of a range: 5 minutes over 24 hours, an hour over 7 and 90 days. */
export const TELEMETRY_STEP_SECONDS: Record<TelemetryRange, number> = { '24h': 300, '7d': 3600, '90d': 3600 };

export const TelemetryQuery = Type.Object({ range: Type.Optional(OneOf(TELEMETRY_RANGES)) });

const Values = Type.Array(Type.Union([Type.Number(), Type.Null()]));

/** One metric over the range: its lowest, mean and highest in each step, null where nothing was reported. */
const MetricSeries = Type.Object({ min: Values, avg: Values, max: Values });

/**
 * A machine's telemetry over a range, one slot per step from `from` (the server's time,
 * `yyyy-MM-dd HH:mm:ss`) to now: the 24 hours from the heartbeats themselves, the 7 and 90 days
 * from the hourly summaries. A slot the machine reported nothing in is null (it was offline).
 */
export const MachineTelemetry = Type.Object({
  range: OneOf(TELEMETRY_RANGES),
  from: Type.String(),
  stepSeconds: Type.Integer(),
  /** Heartbeats counted in each slot. */
  samples: Type.Array(Type.Integer()),
  metrics: Type.Object({
    tdsIn: MetricSeries,
    tdsOut: MetricSeries,
    temperature: MetricSeries,
    tankLevel: MetricSeries,
    signal: MetricSeries,
  }),
});
export type MachineTelemetry = Static<typeof MachineTelemetry>;
