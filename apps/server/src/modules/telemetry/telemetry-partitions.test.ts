import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { partitionsPast } from '../../lib/partitions.ts';
import { telemetryPartitions } from './telemetry-partitions.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const dayName = (time: number) => `biz_telemetry_raw_${new Date(time).toISOString().slice(0, 10).replaceAll('-', '')}`;
const monthName = (table: string, time: number) =>
  `${table}_${new Date(time).toISOString().slice(0, 7).replace('-', '')}`;

describe('telemetry partitions', () => {
  const ctx = useTestApp({ TELEMETRY_RAW_DAYS: '3', TELEMETRY_SUMMARY_MONTHS: '2' });
  let machineId: number;
  let beat: ReturnType<typeof machineCaller>;

  const partitions = async (table: string) =>
    (
      (await ctx.t.database.db.execute(
        sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = ${table}::regclass ORDER BY 1`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((row) => row.name);
  const samplesKept = async () =>
    (
      (await ctx.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM biz_telemetry_raw WHERE machine_id = ${machineId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;

  beforeAll(async () => {
    const { id: modelId } = await machineModel(ctx.admin);
    const agent = await activeAgent(ctx.admin, unique('Partition agent '));
    const site = await siteOf(ctx.admin, agent.id);
    const machine = await operatingMachine(ctx.admin, { modelId, agentId: agent.id, siteId: site.id });
    machineId = machine.id;
    beat = machineCaller(ctx.t, machine);
  });

  it('makes the days and months ahead, and drops whole days and months past retention as the clock moves', async () => {
    const started = ctx.t.clock.now().getTime();
    await beat('POST', '/gateway/v1/heartbeat', { tdsOut: 12 });
    await ctx.t.app.scheduler.run('summarise-telemetry');
    expect(await samplesKept()).toBe(1);

    ctx.t.clock.advance(100 * DAY);
    await ctx.t.app.scheduler.run('partition-upkeep');
    const now = ctx.t.clock.now().getTime();
    const raw = await partitions('biz_telemetry_raw');
    // Today and the next two days are there before any heartbeat needs them.
    for (const days of [0, 1, 2]) expect(raw).toContain(dayName(now + days * DAY));
    // The day of the first heartbeat is gone with its sample: kept 3 days, not 100.
    expect(raw).not.toContain(dayName(started));
    expect(await samplesKept()).toBe(0);
    for (const table of ['biz_telemetry_5m', 'biz_telemetry_hourly']) {
      const months = await partitions(table);
      const thisMonth = new Date(now);
      for (const ahead of [0, 1, 2]) {
        expect(months).toContain(
          monthName(table, Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() + ahead, 1)),
        );
      }
      // Summaries are kept 2 months here: the month of the first heartbeat, 100 days back, ended over 2 months ago.
      expect(months).not.toContain(monthName(table, started));
    }

    // A heartbeat after all that lands in today's partition, made ahead.
    const answer = await beat('POST', '/gateway/v1/heartbeat', { tdsOut: 13 });
    expect(answer.statusCode).toBe(200);
    await ctx.t.app.scheduler.run('summarise-telemetry');
    expect(await samplesKept()).toBe(1);
  });

  it('writes a heartbeat whose day and month have no partition yet: the partitions are made then', async () => {
    // Past the days and months made ahead, with no upkeep in between.
    ctx.t.clock.advance(100 * DAY);
    const answer = await beat('POST', '/gateway/v1/heartbeat', { tdsOut: 14 });
    expect(answer.statusCode).toBe(200);
    const sent = ctx.t.clock.now().getTime();
    // Its hour has ended: its summaries are written (in the month it was sent, whichever it is now).
    ctx.t.clock.advance(HOUR);
    await ctx.t.app.scheduler.run('summarise-telemetry');
    expect(await partitions('biz_telemetry_raw')).toContain(dayName(sent));
    expect(await partitions('biz_telemetry_hourly')).toContain(monthName('biz_telemetry_hourly', sent));
    const hour = new Date(Math.floor(sent / HOUR) * HOUR).toISOString();
    const written = (
      (await ctx.t.database.db.execute(
        sql`SELECT samples, tds_out_max FROM biz_telemetry_hourly WHERE machine_id = ${machineId} AND bucket = ${hour}::timestamptz`,
      )) as unknown as { rows: { samples: number; tds_out_max: number }[] }
    ).rows;
    expect(written.map((row) => [Number(row.samples), Number(row.tds_out_max)])).toEqual([[1, 14]]);
    // Signed in again: the session of 200 days ago has long expired.
    const admin = callerFor(ctx.t, await tokenOf(ctx.t));
    const week = (await admin('GET', `/api/machines/${machineId}/telemetry?range=7d`)).json();
    expect(week.metrics.tdsOut.max.filter((value: number | null) => value !== null)).toEqual([14]);
  });

  it('drops a day once its end is older than the raw retention, and a month once its end is older than the summaries’', () => {
    const keep = telemetryPartitions({ rawDays: 7, summaryMonths: 24 });
    const now = new Date('2026-11-26T10:00:00Z');
    const names = [
      'biz_telemetry_raw_20261118',
      'biz_telemetry_raw_20261119',
      'biz_telemetry_raw_20261120',
      'biz_telemetry_raw_extra',
    ];
    expect(partitionsPast(keep.biz_telemetry_raw, names, now)).toEqual(['biz_telemetry_raw_20261118']);
    expect(
      partitionsPast(keep.biz_telemetry_hourly, ['biz_telemetry_hourly_202410', 'biz_telemetry_hourly_202411'], now),
    ).toEqual(['biz_telemetry_hourly_202410']);
  });
});
