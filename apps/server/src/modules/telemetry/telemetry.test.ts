import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf,
  unique,
} from '../../../test/business-fixtures.ts';
import type { Caller } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/test-app.ts';

const MINUTE = 60_000;

describe('telemetry history', () => {
  const ctx = useTestApp();
  let machine: { id: number; serialNo: string; secret: string };
  let beat: MachineCaller;
  let ownStaff: Caller;
  let otherStaff: Caller;

  const heartbeat = async (readings: Record<string, number>) => {
    const answer = await beat('POST', '/gateway/v1/heartbeat', readings);
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const series = (range?: string, as: Caller = ctx.admin) =>
    as('GET', `/api/machines/${machine.id}/telemetry${range ? `?range=${range}` : ''}`);
  const rowsOf = async (table: string) =>
    (
      (await ctx.t.database.db.execute(
        sql`SELECT * FROM ${sql.identifier(table)} WHERE machine_id = ${machine.id} ORDER BY bucket`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;

  beforeAll(async () => {
    const { id: modelId } = await machineModel(ctx.admin);
    const agent = await activeAgent(ctx.admin, unique('Telemetry agent '));
    const other = await activeAgent(ctx.admin, unique('Other agent '));
    const site = await siteOf(ctx.admin, agent.id);
    machine = await operatingMachine(ctx.admin, { modelId, agentId: agent.id, siteId: site.id });
    beat = machineCaller(ctx.t, machine);
    ownStaff = await staffOf(ctx.t, ctx.admin, agent.deptId, 'Agent manager', 'Own-staff-pass-1');
    otherStaff = await staffOf(ctx.t, ctx.admin, other.deptId, 'Agent manager', 'Other-staff-pass-1');
  });

  it('shows an empty 24 hours, one slot per 5 minutes, for a machine that never reported', async () => {
    const answer = await series();
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ range: '24h', stepSeconds: 300 });
    expect(body.samples).toHaveLength(288);
    expect(body.samples.every((count: number) => count === 0)).toBe(true);
    expect(body.metrics.tdsOut.avg.every((value: number | null) => value === null)).toBe(true);
  });

  it('charts the heartbeats sent through the gateway: the last 24 hours per 5 minutes, 7 and 90 days per hour', async () => {
    await heartbeat({ tdsIn: 300, tdsOut: 10, temperature: 21.5, tankLevel: 80, signal: 20 });
    ctx.t.clock.advance(MINUTE);
    await heartbeat({ tdsIn: 320, tdsOut: 14, temperature: 22.5, tankLevel: 70, signal: 24 });
    // The samples are written within a second; the summaries follow each minute.
    await ctx.t.app.scheduler.run('summarise-telemetry');

    const day = (await series('24h')).json();
    const last = day.samples.length - 1;
    const slot = day.samples.findLastIndex((count: number) => count > 0);
    expect(slot).toBeGreaterThanOrEqual(last - 1);
    expect(day.samples.reduce((sum: number, count: number) => sum + count, 0)).toBe(2);
    const filled = (metric: string) => {
      const values = day.metrics[metric];
      const at = values.avg.findLastIndex((value: number | null) => value !== null);
      return { min: values.min[at], avg: values.avg[at], max: values.max[at] };
    };
    // The two heartbeats may straddle a 5-minute boundary; together they span these values.
    expect(Math.min(...day.metrics.tdsOut.min.filter((v: number | null) => v !== null))).toBe(10);
    expect(Math.max(...day.metrics.tdsOut.max.filter((v: number | null) => v !== null))).toBe(14);
    expect(filled('temperature').max).toBe(22.5);

    for (const range of ['7d', '90d']) {
      const hours = (await series(range)).json();
      expect(hours.stepSeconds).toBe(3600);
      expect(hours.samples).toHaveLength(range === '7d' ? 168 : 2160);
      expect(hours.samples.reduce((sum: number, count: number) => sum + count, 0)).toBe(2);
      const at = hours.metrics.tdsIn.avg.findLastIndex((value: number | null) => value !== null);
      expect(at).toBeGreaterThanOrEqual(hours.samples.length - 2);
      expect(Math.min(...hours.metrics.tankLevel.min.filter((v: number | null) => v !== null))).toBe(70);
      expect(Math.max(...hours.metrics.signal.max.filter((v: number | null) => v !== null))).toBe(24);
    }
  });

  const run = () => ctx.t.app.scheduler.run('summarise-telemetry');
  const startOf = (row: Record<string, unknown>) => new Date(row.bucket as string).getTime();

  /** Each row's version: a row written again gets a new one, even with the same figures. */
  const versionsOf = async (table: string) =>
    (
      (await ctx.t.database.db.execute(
        sql`SELECT xmin::text AS version FROM ${sql.identifier(table)} WHERE machine_id = ${machine.id} ORDER BY bucket`,
      )) as unknown as { rows: { version: string }[] }
    ).rows;

  it('writes a bucket’s summary once it has ended and its hour’s once the hour has; the same samples again write nothing', async () => {
    const samplesIn = (rows: Record<string, unknown>[]) => rows.reduce((sum, row) => sum + Number(row.samples), 0);
    // What the charts count, read before the summaries and after each run: neither lost nor counted twice.
    const charted = async () => {
      const counted = async (range: string) =>
        (await series(range)).json().samples.reduce((sum: number, count: number) => sum + count, 0);
      return { day: await counted('24h'), week: await counted('7d') };
    };
    expect(await charted()).toEqual({ day: 2, week: 2 });
    await run();
    expect(await charted()).toEqual({ day: 2, week: 2 });
    // The bucket and the hour under way are read from the samples (the charts above), not written:
    // a fleet's rows would otherwise be written again every minute.
    const now = ctx.t.clock.now().getTime();
    const fiveUnderWay = Math.floor(now / (5 * MINUTE)) * 5 * MINUTE;
    const hourUnderWay = Math.floor(now / (60 * MINUTE)) * 60 * MINUTE;
    expect((await rowsOf('biz_telemetry_5m')).filter((row) => startOf(row) >= fiveUnderWay)).toEqual([]);
    expect((await rowsOf('biz_telemetry_hourly')).filter((row) => startOf(row) >= hourUnderWay)).toEqual([]);

    ctx.t.clock.advance(60 * MINUTE);
    await run();
    expect(await charted()).toEqual({ day: 2, week: 2 });
    const once = { fives: await rowsOf('biz_telemetry_5m'), hours: await rowsOf('biz_telemetry_hourly') };
    expect(samplesIn(once.fives)).toBe(2);
    expect(samplesIn(once.hours)).toBe(2);
    const versions = { fives: await versionsOf('biz_telemetry_5m'), hours: await versionsOf('biz_telemetry_hourly') };
    await run();
    expect(await rowsOf('biz_telemetry_5m')).toEqual(once.fives);
    expect(await rowsOf('biz_telemetry_hourly')).toEqual(once.hours);
    // Nothing changed, nothing was written again (a fleet's rows rewritten every minute burden every commit).
    expect(await versionsOf('biz_telemetry_5m')).toEqual(versions.fives);
    expect(await versionsOf('biz_telemetry_hourly')).toEqual(versions.hours);

    await heartbeat({ tdsOut: 40 });
    await run();
    expect(await charted()).toEqual({ day: 3, week: 3 });
    ctx.t.clock.advance(60 * MINUTE);
    await run();
    expect(await charted()).toEqual({ day: 3, week: 3 });
    const hours = await rowsOf('biz_telemetry_hourly');
    expect(samplesIn(hours)).toBe(3);
    expect(Math.max(...hours.map((row) => Number(row.tds_out_max)))).toBe(40);
  });

  it('shows over 24 hours the samples written since the last summary too', async () => {
    await ctx.t.app.scheduler.run('summarise-telemetry');
    ctx.t.clock.advance(6 * MINUTE);
    // A sample as the flush writes it, before the next summary.
    await ctx.t.database.db.execute(
      sql`INSERT INTO biz_telemetry_raw (at, machine_id, tds_out) VALUES (${ctx.t.clock.now().toISOString()}::timestamptz, ${machine.id}, 77)`,
    );
    const day = (await series('24h')).json();
    expect(day.metrics.tdsOut.max.at(-1)).toBe(77);
    expect(day.samples.reduce((sum: number, count: number) => sum + count, 0)).toBe(4);
  });

  it('keeps the samples it could not write, and writes them once the database takes them again', async () => {
    const counted = async () =>
      (
        (await ctx.t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM biz_telemetry_raw WHERE machine_id = ${machine.id}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    const before = await counted();
    await ctx.t.database.db.execute(sql`ALTER TABLE biz_telemetry_raw RENAME TO biz_telemetry_raw_away`);
    try {
      await heartbeat({ tdsOut: 88 });
      await expect(ctx.t.app.scheduler.run('summarise-telemetry')).rejects.toThrow();
    } finally {
      await ctx.t.database.db.execute(sql`ALTER TABLE biz_telemetry_raw_away RENAME TO biz_telemetry_raw`);
    }
    await ctx.t.app.scheduler.run('summarise-telemetry');
    expect(await counted()).toBe((before ?? 0) + 1);
  });

  it('shows a machine to its agent’s staff, and to another agent’s staff no more than a machine that does not exist', async () => {
    expect((await series('7d', ownStaff)).statusCode).toBe(200);
    const refused = await series('7d', otherStaff);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('tdsOut');
    const missing = await ctx.admin('GET', '/api/machines/999999/telemetry');
    expect(missing.statusCode).toBe(404);
    expect(refused.json().code).toBe(missing.json().code);
  });

  it('needs the permission that shows machines', async () => {
    const answer = await series('24h', ctx.user);
    expect(answer.statusCode).toBe(403);
  });

  it('refuses a range it does not chart and an id that is not one, with a 400', async () => {
    for (const url of [
      `/api/machines/${machine.id}/telemetry?range=1y`,
      `/api/machines/${machine.id}/telemetry?range=`,
      '/api/machines/abc/telemetry',
      '/api/machines/0/telemetry',
    ]) {
      const answer = await ctx.admin('GET', url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().code, url).toBe('VALIDATION_FAILED');
    }
  });

  // Last: it moves the clock on two hours, past the other tests' sessions.
  it('makes whole the latest bucket an earlier release wrote before it ended, however long the job did not run', async () => {
    await heartbeat({ tdsOut: 21 });
    const now = ctx.t.clock.now().getTime();
    const bucket = new Date(Math.floor(now / (5 * MINUTE)) * 5 * MINUTE).toISOString();
    // As an earlier release left it: summarised while under way, before this sample came.
    await ctx.t.database.db.execute(
      sql`INSERT INTO biz_telemetry_5m (bucket, machine_id, samples) VALUES (${bucket}::timestamptz, ${machine.id}, 0)
          ON CONFLICT (machine_id, bucket) DO UPDATE SET samples = 0`,
    );
    ctx.t.clock.advance(120 * MINUTE);
    await run();
    const [raw] = (
      (await ctx.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM biz_telemetry_raw WHERE machine_id = ${machine.id}
            AND at >= ${bucket}::timestamptz AND at < ${bucket}::timestamptz + interval '5 minutes'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    const row = (await rowsOf('biz_telemetry_5m')).find((one) => startOf(one) === Date.parse(bucket));
    expect(raw?.n).toBeGreaterThan(0);
    expect(Number(row?.samples)).toBe(raw?.n);
  });
});
