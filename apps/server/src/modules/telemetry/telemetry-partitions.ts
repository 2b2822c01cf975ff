import type { TelemetryTable } from './telemetry.repository.ts';

const DAY_MS = 86_400_000;
export const TELEMETRY_TABLES: readonly TelemetryTable[] = [
  'biz_telemetry_raw',
  'biz_telemetry_5m',
  'biz_telemetry_hourly',
];

/** How long each kind of row is kept. */
export interface Retention {
  rawDays: number;
  summaryMonths: number;
}

/** Moments that fall in each partition made ahead: today and the next two days, this month and the next two. */
export function partitionsAhead(table: TelemetryTable, now: Date): Date[] {
  if (table === 'biz_telemetry_raw') return [0, 1, 2].map((days) => new Date(now.getTime() + days * DAY_MS));
  return [0, 1, 2].map((months) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)));
}

/**
 * The partitions whose every row is past its retention: a day of raw samples once its end is
 * TELEMETRY_RAW_DAYS old, a month of summaries once its end is TELEMETRY_SUMMARY_MONTHS old.
 * Names this module did not make are never touched.
 */
export function partitionsPast(table: TelemetryTable, names: readonly string[], now: Date, keep: Retention): string[] {
  const pattern = new RegExp(`^${table}_(\\d{4})(\\d{2})(\\d{2})?$`);
  return names.filter((name) => {
    const match = pattern.exec(name);
    if (!match) return false;
    const [year, month] = [Number(match[1]), Number(match[2])];
    const day = match[3] === undefined ? undefined : Number(match[3]);
    if (table === 'biz_telemetry_raw') {
      if (day === undefined) return false;
      const ends = Date.UTC(year, month - 1, day + 1);
      return ends <= now.getTime() - keep.rawDays * DAY_MS;
    }
    if (day !== undefined) return false;
    const ends = Date.UTC(year, month, 1);
    return ends <= Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - keep.summaryMonths, now.getUTCDate());
  });
}
