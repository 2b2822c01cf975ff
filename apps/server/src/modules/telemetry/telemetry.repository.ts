import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { telemetry5m, telemetryHourly, telemetryRaw } from './telemetry.schema.ts';

export type Sample = typeof telemetryRaw.$inferInsert;
export type TelemetryTable = 'biz_telemetry_raw' | 'biz_telemetry_5m' | 'biz_telemetry_hourly';

/** A bucket's figures as the charts read them: heartbeats counted, then each reading's min, mean, max. */
export interface SummaryRow {
  bucket: Date;
  samples: number;
  signal: [number | null, number | null, number | null];
  temperature: [number | null, number | null, number | null];
  tdsIn: [number | null, number | null, number | null];
  tdsOut: [number | null, number | null, number | null];
  tankLevel: [number | null, number | null, number | null];
}

const rowsOf = async <T>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Buckets start at whole 5 minutes or hours of UTC. */
const ORIGIN = sql.raw(`TIMESTAMPTZ '2000-01-01 00:00:00+00'`);
const READINGS = ['signal', 'temperature', 'tds_in', 'tds_out', 'tank_level'] as const;

/** min, avg, max of each reading of the raw samples, in the summary tables' column order. */
const rawFigures = sql.raw(READINGS.map((column) => `min(${column}), avg(${column}), max(${column})`).join(', '));
/** The same over 5-minute summaries: the hour's mean weighs each bucket by its heartbeats. */
const summaryFigures = sql.raw(
  READINGS.map(
    (column) =>
      `min(${column}_min), sum(${column}_avg * samples) / nullif(sum(samples) FILTER (WHERE ${column}_avg IS NOT NULL), 0), max(${column}_max)`,
  ).join(', '),
);
/** A summary's figures: heartbeats counted, then each reading's min, mean and max. */
const SUMMARY_FIGURES = ['samples', ...READINGS.flatMap((c) => [`${c}_min`, `${c}_avg`, `${c}_max`])];
const summaryColumns = sql.raw(['bucket', 'machine_id', ...SUMMARY_FIGURES].join(', '));
/**
 * A bucket summarised again takes the new figures only where they differ: the buckets recomputed
 * every minute (those of the last 10 minutes, their hours) seldom changed, and rewriting 10,000
 * machines' rows each time would hand PostgreSQL's log a burst that every sale's commit waits
 * behind.
 */
const summaryUpdates = (table: string) =>
  sql.raw(
    `${SUMMARY_FIGURES.map((column) => `${column} = excluded.${column}`).join(', ')} ` +
      `WHERE (${SUMMARY_FIGURES.map((column) => `${table}.${column}`).join(', ')}) ` +
      `IS DISTINCT FROM (${SUMMARY_FIGURES.map((column) => `excluded.${column}`).join(', ')})`,
  );

/** The summaries' buckets, and the start of the one `time` falls in. */
export const FIVE_MINUTES_MS = 300_000;
export const HOUR_MS = 3_600_000;
export const floorTo = (time: number, stepMs: number) => Math.floor(time / stepMs) * stepMs;
const latest = (since: Date, other: Date | null) => (other && other > since ? other : since);

/** A machine's raw samples from `from`, as 5-minute buckets in the summaries' columns. */
const rawBuckets = (machineId: number, from: Date) =>
  sql`SELECT date_bin('5 minutes', at, ${ORIGIN}), machine_id, count(*), ${rawFigures}
      FROM ${telemetryRaw}
      WHERE machine_id = ${machineId} AND at >= ${from.toISOString()}::timestamptz
      GROUP BY 1, 2`;

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const triple = (row: Record<string, unknown>, name: string) =>
  [toNumber(row[`${name}_min`]), toNumber(row[`${name}_avg`]), toNumber(row[`${name}_max`])] as [
    number | null,
    number | null,
    number | null,
  ];
const summaryRow = (row: Record<string, unknown>): SummaryRow => ({
  bucket: new Date(row.bucket as string | Date),
  samples: Number(row.samples),
  signal: triple(row, 'signal'),
  temperature: triple(row, 'temperature'),
  tdsIn: triple(row, 'tds_in'),
  tdsOut: triple(row, 'tds_out'),
  tankLevel: triple(row, 'tank_level'),
});

export const telemetryRepository = {
  async appendSamples(db: Database, samples: Sample[]): Promise<void> {
    await db.insert(telemetryRaw).values(samples);
  },

  /**
   * Where the 5-minute summaries end (from `since`, when given): the end of the latest bucket
   * summarised, if any. Only buckets that have ended are summarised, so the summaries are whole
   * up to there; the hours are whole up to the hour it falls in.
   */
  async summarisedThrough(db: Database, since?: Date): Promise<Date | null> {
    const [row] = await rowsOf<{ bucket: string | Date | null }>(
      db,
      sql`SELECT max(bucket) AS bucket FROM ${telemetry5m}
          ${since ? sql`WHERE bucket >= ${since.toISOString()}::timestamptz` : sql``}`,
    );
    return row?.bucket ? new Date(new Date(row.bucket).getTime() + FIVE_MINUTES_MS) : null;
  },

  /**
   * (Re)computes the 5-minute summaries of the raw samples in `[since, until)`, whatever was
   * there before; `until` is a bucket's start (that of the bucket under way, which is left alone).
   */
  async summarise5m(db: Database, since: Date, until: Date): Promise<void> {
    await db.execute(sql`
      INSERT INTO ${telemetry5m} (${summaryColumns})
      SELECT date_bin('5 minutes', at, ${ORIGIN}), machine_id, count(*), ${rawFigures}
      FROM ${telemetryRaw}
      WHERE at >= ${since.toISOString()}::timestamptz AND at < ${until.toISOString()}::timestamptz
      GROUP BY 1, 2
      ON CONFLICT (machine_id, bucket) DO UPDATE SET ${summaryUpdates(getTableName(telemetry5m))}`);
  },

  /** (Re)computes the hourly summaries of the 5-minute ones in `[since, until)`, both whole hours. */
  async summariseHourly(db: Database, since: Date, until: Date): Promise<void> {
    await db.execute(sql`
      INSERT INTO ${telemetryHourly} (${summaryColumns})
      SELECT date_bin('1 hour', bucket, ${ORIGIN}), machine_id, sum(samples), ${summaryFigures}
      FROM ${telemetry5m}
      WHERE bucket >= ${since.toISOString()}::timestamptz AND bucket < ${until.toISOString()}::timestamptz
      GROUP BY 1, 2
      ON CONFLICT (machine_id, bucket) DO UPDATE SET ${summaryUpdates(getTableName(telemetryHourly))}`);
  },

  /**
   * A machine's 5-minute buckets from `since`: the summaries up to where they end (`through`),
   * and from there on its raw samples, summarised as they are read.
   */
  async recentBuckets(db: Database, machineId: number, since: Date, through: Date | null): Promise<SummaryRow[]> {
    const tail = latest(since, through);
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT ${summaryColumns} FROM ${telemetry5m}
          WHERE machine_id = ${machineId} AND bucket >= ${since.toISOString()}::timestamptz
            AND bucket < ${tail.toISOString()}::timestamptz
          UNION ALL
          ${rawBuckets(machineId, tail)}
          ORDER BY 1`,
    );
    return rows.map(summaryRow);
  },

  /**
   * A machine's hours from `since`: the hourly summaries of the hours the 5-minute ones covered
   * whole (up to `through`), and the hour under way from its 5-minute summaries and its raw
   * samples since.
   */
  async hourlyBuckets(db: Database, machineId: number, since: Date, through: Date | null): Promise<SummaryRow[]> {
    const fiveTail = latest(since, through);
    const hourTail = latest(since, new Date(floorTo(fiveTail.getTime(), HOUR_MS)));
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT ${summaryColumns} FROM ${telemetryHourly}
          WHERE machine_id = ${machineId} AND bucket >= ${since.toISOString()}::timestamptz
            AND bucket < ${hourTail.toISOString()}::timestamptz
          UNION ALL
          SELECT date_bin('1 hour', bucket, ${ORIGIN}), machine_id, sum(samples), ${summaryFigures}
          FROM (
            SELECT ${summaryColumns} FROM ${telemetry5m}
            WHERE machine_id = ${machineId} AND bucket >= ${hourTail.toISOString()}::timestamptz
              AND bucket < ${fiveTail.toISOString()}::timestamptz
            UNION ALL
            ${rawBuckets(machineId, fiveTail)}
          ) AS recent
          GROUP BY 1, 2
          ORDER BY 1`,
    );
    return rows.map(summaryRow);
  },

  /**
   * Made-up history for the demo machines, written in bulk: readings every 5 minutes over
   * `[rawFrom, to)`, and summaries straight away before it (5-minute ones from `fiveFrom`,
   * hourly from `hourlyFrom`). TDS out creeps up until a filter change 20 days before `to`.
   */
  async writeDemoHistory(
    db: Database,
    machineIds: number[],
    { hourlyFrom, fiveFrom, rawFrom, to }: Record<'hourlyFrom' | 'fiveFrom' | 'rawFrom' | 'to', Date>,
  ): Promise<void> {
    const ids = machineIds.map(Number).join(', ') || 'NULL';
    const end = to.toISOString();
    const readings = (at: string) => {
      const day = `sin(extract(epoch FROM ${at}) * 2 * pi() / 86400 + m.k)`;
      const daysAgo = `(extract(epoch FROM (TIMESTAMPTZ '${end}' - ${at})) / 86400)`;
      return [
        `20 + m.k + 3 * ${day}`,
        `22 + 3 * ${day}`,
        `300 + 5 * m.k + 15 * ${day}`,
        `6 + m.k + greatest(0, 0.2 * (${daysAgo} - 20)) + ${day}`,
        `60 + 30 * sin(extract(epoch FROM ${at}) * 2 * pi() / 43200 + m.k)`,
      ];
    };
    const machinesOf = sql.raw(`(SELECT id, id % 5 AS k FROM biz_machine WHERE id IN (${ids}))`);
    await db.execute(sql`
      INSERT INTO ${telemetryRaw} (at, machine_id, signal, temperature, tds_in, tds_out, tank_level)
      SELECT at, m.id, ${sql.raw(
        readings('at')
          .map((value, index) => (index === 1 ? `round((${value})::numeric, 1)` : `round(${value})`))
          .join(', '),
      )}
      FROM ${machinesOf} AS m,
        generate_series(${rawFrom.toISOString()}::timestamptz, ${end}::timestamptz, interval '5 minutes') AS at
      WHERE at < ${end}::timestamptz`);
    for (const [table, step, from, until] of [
      [telemetry5m, '5 minutes', fiveFrom, rawFrom],
      [telemetryHourly, '1 hour', hourlyFrom, rawFrom],
    ] as const) {
      const figures = readings('b').map((value) => `${value} - 1, ${value}, ${value} + 1`);
      await db.execute(sql`
        INSERT INTO ${table} (${summaryColumns})
        SELECT b, m.id, ${step === '1 hour' ? 60 : 5}, ${sql.raw(figures.join(', '))}
        FROM ${machinesOf} AS m,
          generate_series(date_bin(${step}::interval, ${from.toISOString()}::timestamptz, ${ORIGIN}), ${until.toISOString()}::timestamptz, ${step}::interval) AS b
        WHERE b < ${until.toISOString()}::timestamptz
        ON CONFLICT (machine_id, bucket) DO NOTHING`);
    }
  },
};
