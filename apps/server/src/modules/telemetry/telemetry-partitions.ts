import type { PartitionedTable } from '../../lib/partitions.ts';
import type { TelemetryTable } from './telemetry.repository.ts';

/** How long each kind of row is kept. */
export interface Retention {
  rawDays: number;
  summaryMonths: number;
}

/**
 * The telemetry's partitions: a day (UTC) of raw samples, kept TELEMETRY_RAW_DAYS after its end;
 * a month of 5-minute and of hourly summaries, kept TELEMETRY_SUMMARY_MONTHS. Today and the next
 * two days, this month and the next two are made ahead.
 */
export function telemetryPartitions(retention: Retention): Record<TelemetryTable, PartitionedTable> {
  const summaries = (table: TelemetryTable): PartitionedTable => ({
    table,
    unit: 'month',
    separator: '',
    ahead: 2,
    keep: retention.summaryMonths,
  });
  return {
    biz_telemetry_raw: { table: 'biz_telemetry_raw', unit: 'day', separator: '', ahead: 2, keep: retention.rawDays },
    biz_telemetry_5m: summaries('biz_telemetry_5m'),
    biz_telemetry_hourly: summaries('biz_telemetry_hourly'),
  };
}
