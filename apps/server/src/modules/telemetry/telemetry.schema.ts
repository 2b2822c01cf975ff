import { index, integer, pgTable, primaryKey, real, smallint } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/**
 * Every heartbeat's readings, as they came (absent ones null). Partitioned by day (UTC) in its
 * migration: a day past TELEMETRY_RAW_DAYS is dropped whole, never deleted row by row.
 */
export const telemetryRaw = pgTable(
  'biz_telemetry_raw',
  {
    at: ts('at').notNull(),
    machineId: integer('machine_id').notNull(),
    signal: smallint('signal'),
    temperature: real('temperature'),
    tdsIn: integer('tds_in'),
    tdsOut: integer('tds_out'),
    tankLevel: smallint('tank_level'),
    faultBits: integer('fault_bits'),
  },
  (t) => [
    index('biz_telemetry_raw_machine_idx').on(t.machineId, t.at),
    // The summaries read the last minutes of every machine: a BRIN index finds them in rows kept in time order.
    index('biz_telemetry_raw_time_idx').using('brin', t.at),
  ],
);

/** Lowest, mean and highest of each reading in a bucket, and how many heartbeats it counts. */
const summary = {
  bucket: ts('bucket').notNull(),
  machineId: integer('machine_id').notNull(),
  samples: integer('samples').notNull(),
  signalMin: real('signal_min'),
  signalAvg: real('signal_avg'),
  signalMax: real('signal_max'),
  temperatureMin: real('temperature_min'),
  temperatureAvg: real('temperature_avg'),
  temperatureMax: real('temperature_max'),
  tdsInMin: real('tds_in_min'),
  tdsInAvg: real('tds_in_avg'),
  tdsInMax: real('tds_in_max'),
  tdsOutMin: real('tds_out_min'),
  tdsOutAvg: real('tds_out_avg'),
  tdsOutMax: real('tds_out_max'),
  tankLevelMin: real('tank_level_min'),
  tankLevelAvg: real('tank_level_avg'),
  tankLevelMax: real('tank_level_max'),
};

/** Each machine's readings per 5 minutes, from the raw samples; partitioned by month (UTC). */
export const telemetry5m = pgTable('biz_telemetry_5m', summary, (t) => [
  primaryKey({ columns: [t.machineId, t.bucket] }),
  index('biz_telemetry_5m_bucket_idx').on(t.bucket),
]);

/** Each machine's readings per hour, from the 5-minute summaries; partitioned by month (UTC). */
export const telemetryHourly = pgTable('biz_telemetry_hourly', summary, (t) => [
  primaryKey({ columns: [t.machineId, t.bucket] }),
]);
