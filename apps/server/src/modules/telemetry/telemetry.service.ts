import type { Heartbeat } from '@water/contract/gateway';
import {
  type MachineTelemetry,
  TELEMETRY_METRICS,
  TELEMETRY_STEP_SECONDS,
  type TelemetryRange,
} from '@water/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import { isMissingPartition } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { ensurePartition, ensurePartitionsBetween } from '../../lib/partitions.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { MachinesService } from '../machines/machines.service.ts';
import {
  FIVE_MINUTES_MS,
  floorTo,
  HOUR_MS,
  telemetryRepository as repo,
  type Sample,
  type SummaryRow,
  type TelemetryTable,
} from './telemetry.repository.ts';
import { type Retention, telemetryPartitions } from './telemetry-partitions.ts';

export type TelemetryService = ReturnType<typeof createTelemetryService>;

/** Samples waiting past this many are flushed at once rather than at the next tick. */
const FLUSH_AT = 1000;
/** Rows of one insert: 8 parameters each, well within a statement's 65,535. */
const ROWS_PER_INSERT = 4000;
/** Beyond this many waiting (the database is away), new samples are dropped and counted. */
const MOST_WAITING = 100_000;
/** The 5-minute summaries are recomputed from at least this far back, for samples still on their way. */
const SETTLING_MS = 10 * 60_000;
const SLOTS: Record<TelemetryRange, number> = { '24h': 288, '7d': 168, '90d': 2160 };

/**
 * The history of what machines report: every heartbeat's readings kept as a sample (raw, by
 * day), summarised per 5 minutes and per hour (by month), and read back as a machine's charts.
 * Samples wait in memory up to a second and are written together: a crash loses at most that
 * second of history (each machine's latest readings are on its own row all the same).
 */
export function createTelemetryService(
  { db, database, clock }: Pick<Deps, 'db' | 'database' | 'clock'>,
  { machines, retention, log }: { machines: MachinesService; retention: Retention; log: FastifyBaseLogger },
) {
  let waiting: Sample[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const partitions = telemetryPartitions(retention);

  async function write(samples: Sample[]): Promise<void> {
    try {
      await repo.appendSamples(database.relaxed, samples);
    } catch (error) {
      if (!isMissingPartition(error)) throw error;
      // A day no partition was made for yet (the upkeep had not run): made now, then written.
      const days = new Set(samples.map((sample) => floorTo(sample.at.getTime(), 86_400_000)));
      for (const day of days) await ensurePartition(db, partitions.biz_telemetry_raw, new Date(day));
      await repo.appendSamples(database.relaxed, samples);
    }
  }

  /** Writes the samples waiting in this instance. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (waiting.length === 0) return;
      const samples = waiting;
      waiting = [];
      let written = 0;
      try {
        for (; written < samples.length; written += ROWS_PER_INSERT) {
          await write(samples.slice(written, written + ROWS_PER_INSERT));
        }
      } catch (error) {
        // Kept for the next tick, oldest first, as many as may wait.
        const kept = samples.slice(written).concat(waiting);
        dropped += Math.max(0, kept.length - MOST_WAITING);
        waiting = kept.slice(0, MOST_WAITING);
        log.error(
          { err: error, waiting: waiting.length },
          'telemetry samples could not be written; retried in a second',
        );
      }
      if (dropped > 0) {
        log.warn({ dropped }, 'telemetry samples dropped while the database was behind');
        dropped = 0;
      }
    });
    return flushing;
  }

  function series(
    rows: SummaryRow[],
    from: number,
    stepMs: number,
    slots: number,
  ): MachineTelemetry['metrics'] & {
    samples: number[];
  } {
    const empty = () => new Array<number | null>(slots).fill(null);
    const metrics = Object.fromEntries(
      TELEMETRY_METRICS.map((metric) => [metric, { min: empty(), avg: empty(), max: empty() }]),
    ) as MachineTelemetry['metrics'];
    const samples = new Array<number>(slots).fill(0);
    const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
    for (const row of rows) {
      const slot = Math.round((row.bucket.getTime() - from) / stepMs);
      if (slot < 0 || slot >= slots) continue;
      samples[slot] = row.samples;
      for (const metric of TELEMETRY_METRICS) {
        const [min, avg, max] = row[metric];
        metrics[metric].min[slot] = round(min);
        metrics[metric].avg[slot] = round(avg);
        metrics[metric].max[slot] = round(max);
      }
    }
    return { ...metrics, samples };
  }

  /** The partitions of `tables` between two moments (a back-fill writes its history into them). */
  async function makePartitions(from: Date, to: Date, tables: TelemetryTable[]): Promise<void> {
    for (const table of tables) await ensurePartitionsBetween(db, partitions[table], from, to);
  }

  return {
    /** Keeps a heartbeat's readings (written within a second, with others). */
    record(machineId: number, at: Date, beat: Heartbeat): void {
      if (waiting.length >= MOST_WAITING) {
        dropped++;
        return;
      }
      waiting.push({
        at,
        machineId,
        signal: beat.signal ?? null,
        temperature: beat.temperature ?? null,
        tdsIn: beat.tdsIn ?? null,
        tdsOut: beat.tdsOut ?? null,
        tankLevel: beat.tankLevel ?? null,
        faultBits: beat.faultBits ?? null,
      });
      if (waiting.length >= FLUSH_AT) void flush();
    },

    flush,

    /** Flushes every second until `stop`. */
    start(everyMs = 1000): void {
      timer ??= setInterval(() => void flush(), everyMs).unref();
    },

    /** Stops the flushing and writes what waits (before the database closes). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },

    makePartitions,

    /**
     * The demo machines' last 90 days, so that their charts show something on first start:
     * readings every 5 minutes over the last day, summarised as heartbeats are; before that,
     * summaries only (5-minute ones for a week, hourly ones for 90 days), made in bulk.
     */
    async seedDemoHistory(machineIds: number[]): Promise<void> {
      const to = clock.now();
      const day = 86_400_000;
      const rawFrom = new Date(floorTo(to.getTime() - day, HOUR_MS));
      const hourlyFrom = new Date(to.getTime() - 90 * day);
      await makePartitions(rawFrom, to, ['biz_telemetry_raw']);
      await makePartitions(hourlyFrom, to, ['biz_telemetry_5m', 'biz_telemetry_hourly']);
      await repo.writeDemoHistory(db, machineIds, {
        hourlyFrom,
        fiveFrom: new Date(to.getTime() - 7 * day),
        rawFrom,
        to,
      });
      await repo.summarise5m(db, rawFrom, new Date(floorTo(to.getTime(), FIVE_MINUTES_MS)));
      await repo.summariseHourly(db, rawFrom, new Date(floorTo(to.getTime(), HOUR_MS)));
    },

    /**
     * Summarises the 5-minute buckets that ended since the last summary (the latest one and those
     * of the last 10 minutes again, for samples still on their way; at most as far back as the raw
     * samples are kept), then the hours that ended among them. The bucket and the hour under way are read
     * from the raw samples until they end: the fleet's rows are written once a bucket, not each
     * minute. Run again over the same samples, it writes nothing.
     */
    async summarise(): Promise<void> {
      await flush();
      const now = clock.now().getTime();
      const through = (await repo.summarisedThrough(db))?.getTime() ?? 0;
      const oldest = now - retention.rawDays * 86_400_000;
      // From the latest bucket summarised again: one written by an earlier release, before it ended,
      // holds only part of its samples.
      const since = floorTo(Math.max(oldest, Math.min(through - FIVE_MINUTES_MS, now - SETTLING_MS)), FIVE_MINUTES_MS);
      const summarise = () =>
        db.transaction(async (tx) => {
          await repo.summarise5m(tx, new Date(since), new Date(floorTo(now, FIVE_MINUTES_MS)));
          await repo.summariseHourly(tx, new Date(floorTo(since, HOUR_MS)), new Date(floorTo(now, HOUR_MS)));
        });
      try {
        await summarise();
      } catch (error) {
        if (!isMissingPartition(error)) throw error;
        // A month no partition was made for yet (the hourly upkeep had not run since the start).
        await makePartitions(new Date(floorTo(since, HOUR_MS)), new Date(now), [
          'biz_telemetry_5m',
          'biz_telemetry_hourly',
        ]);
        await summarise();
      }
    },

    /** A machine's readings over a range, for a user who may see the machine. */
    async machineSeries(principal: Principal, machineId: number, range: TelemetryRange): Promise<MachineTelemetry> {
      await machines.get(principal, machineId);
      const stepSeconds = TELEMETRY_STEP_SECONDS[range];
      const stepMs = stepSeconds * 1000;
      const slots = SLOTS[range];
      const from = floorTo(clock.now().getTime(), stepMs) - (slots - 1) * stepMs;
      const since = new Date(from);
      const through = await repo.summarisedThrough(db, since);
      const rows =
        range === '24h'
          ? await repo.recentBuckets(db, machineId, since, through)
          : await repo.hourlyBuckets(db, machineId, since, through);
      const { samples, ...metrics } = series(rows, from, stepMs, slots);
      return { range, from: formatDateTime(new Date(from)) as string, stepSeconds, samples, metrics };
    },
  };
}
