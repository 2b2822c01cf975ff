/**
 * Telemetry charts over a month of a fleet's history on PostgreSQL: 3,000 machines, their raw
 * heartbeats (one a minute over the last two days, one each 15 minutes before that) and their
 * 5-minute and hourly summaries for the whole month, written with generate_series into a
 * database of its own; then a machine's 24-hour chart (5-minute summaries, samples since) and its 90-day
 * chart (hourly, the hour under way from 5-minute summaries and samples) are asked for through the real HTTP route, machine after machine at random.
 * Printed against the targets (p95 ≤ 100 ms and ≤ 200 ms), beside the baseline of the same
 * run: the machine's own detail (`GET /api/machines/:id`: the same sign-in, permission and
 * scope, one row).
 *
 *   DATABASE_URL=postgres://… npx tsx bench/telemetry.ts            # 3,000 machines, 30 days
 *   … --machines 500 --days 7                                        # a smaller fleet
 *   … --keep, then … --reuse bench_telemetry_…                        # measure again on the same history
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { signIn } from '../apps/server/test/server-process.ts';
import { adminQuery, databaseUrl, dropTestDatabase } from '../apps/server/test/test-database.ts';
import { quantile, record } from './results.ts';

const { values } = parseArgs({
  options: {
    machines: { type: 'string', default: '3000' },
    days: { type: 'string', default: '30' },
    requests: { type: 'string', default: '300' },
    /** Measures again on a database a run kept, rather than filling a new one. */
    reuse: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const MACHINES = Number(values.machines);
const DAYS = Number(values.days);
const REQUESTS = Number(values.requests);
const TARGETS = { '24h': 100, '90d': 200 } as const;
const PASSWORD = 'bench-password-1';

if (!process.env.DATABASE_URL) {
  console.log('bench/telemetry.ts measures PostgreSQL: set DATABASE_URL (nothing recorded)');
  process.exit(0);
}
// A database of its own on the same server, dropped at the end: nothing else's tables are touched.
const name = values.reuse ?? `bench_telemetry_${randomBytes(4).toString('hex')}`;
if (!/^bench_telemetry_[0-9a-f]{8}$/.test(name)) throw new Error(`--reuse names a database this script made: ${name}`);
if (!values.reuse) await adminQuery(process.env.DATABASE_URL, `CREATE DATABASE ${name}`);
const url = databaseUrl(process.env.DATABASE_URL, name);
const database = await openPostgres(url);
const run = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const timed = async <T>(label: string, work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

/** The fleet and its history, written straight into the tables. */
async function fill() {
  await seedDatabase(database.db, { adminPassword: PASSWORD, seedDemo: false, defaultUserPassword: '123456' });
  const [dept] = await run<{ id: number }>(sql`INSERT INTO sys_dept (name) VALUES ('Bench telemetry') RETURNING id`);
  const [agent] = await run<{ id: number }>(sql`
    INSERT INTO biz_agent (dept_id, code, level, contact_name, contact_phone, commission_rate, machine_quota, quota_used, status)
    VALUES (${dept?.id}, 'BT', 'PLATFORM', 'Bench', '13800000000', '20', ${MACHINES}, ${MACHINES}, 'ACTIVE') RETURNING id`);
  const [model] = await run<{ id: number }>(sql`
    INSERT INTO biz_machine_model (code, name, tank_litres, output_lph, pulses_per_litre)
    VALUES ('BTM', 'Bench model', 60, 60, 450) RETURNING id`);
  await run(sql`
    INSERT INTO biz_machine (serial_no, sticker_code, model_id, agent_id, lifecycle)
    SELECT 'BT-' || lpad(n::text, 5, '0'), 'BT-' || lpad(n::text, 5, '0'), ${model?.id}, ${agent?.id}, 'ALLOCATED'
    FROM generate_series(1, ${MACHINES}) AS n`);

  const now = new Date();
  const monthAgo = new Date(now.getTime() - DAYS * 86_400_000);
  const recent = new Date(now.getTime() - 2 * 86_400_000);
  console.log(`history of ${MACHINES} machines over ${DAYS} days:`);
  await timed('partitions', () =>
    run(sql`SELECT biz_telemetry_ensure_partition(t, d)
      FROM unnest(ARRAY['biz_telemetry_raw', 'biz_telemetry_5m', 'biz_telemetry_hourly']) AS t,
        generate_series(${monthAgo.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz + interval '1 day', interval '1 day') AS d`),
  );

  /**
   * A reading that drifts over the day and differs by machine, as sensors do, computed once per row.
   * Machine after machine, in time order: each index grows at its right edge, as it does live.
   */
  const series = (from: string, to: string, step: string, at: string) =>
    sql.raw(`(SELECT id, id % 97 AS k FROM biz_machine ORDER BY id) AS m
      CROSS JOIN LATERAL generate_series(${from}, ${to}, interval '${step}') AS ${at}
      CROSS JOIN LATERAL (SELECT sin(extract(epoch FROM ${at}) / 13751.0 + m.k) AS w) AS wave`);
  const moment = (date: Date) => `'${date.toISOString()}'::timestamptz`;
  const rawInsert = (from: Date, to: Date, step: string) =>
    run(sql`INSERT INTO biz_telemetry_raw (at, machine_id, signal, temperature, tds_in, tds_out, tank_level, fault_bits)
      SELECT at, m.id, (18 + (m.k % 8) + 3 * w)::smallint, (22 + 4 * w)::real, (300 + m.k + 20 * w)::int,
        (8 + (m.k % 10) + 2 * w)::int, (55 + 40 * w)::smallint, 0
      FROM ${series(moment(from), moment(to), step, 'at')}`);
  await timed(`raw samples, one each 15 minutes for ${DAYS - 2} days`, () => rawInsert(monthAgo, recent, '15 minutes'));
  await timed('raw samples, one a minute for the last 2 days', () => rawInsert(recent, now, '1 minute'));
  const READINGS: [string, number][] = [
    ['18 + (m.k % 8)', 3],
    ['22', 4],
    ['300 + m.k', 20],
    ['8 + (m.k % 10)', 2],
    ['55', 40],
  ];
  const summaryOf = (table: string, step: string, samples: number) =>
    run(sql`INSERT INTO ${sql.identifier(table)} (bucket, machine_id, samples,
        signal_min, signal_avg, signal_max, temperature_min, temperature_avg, temperature_max,
        tds_in_min, tds_in_avg, tds_in_max, tds_out_min, tds_out_avg, tds_out_max, tank_level_min, tank_level_avg, tank_level_max)
      SELECT b, m.id, ${samples}, ${sql.raw(
        READINGS.map(
          ([base, swing]) => `${base} + ${swing} * w - 1, ${base} + ${swing} * w, ${base} + ${swing} * w + 1`,
        ).join(', '),
      )}
      FROM ${series(`date_bin(interval '${step}', ${moment(monthAgo)}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`, moment(now), step, 'b')}`);
  await timed('5-minute summaries for the whole period', () => summaryOf('biz_telemetry_5m', '5 minutes', 5));
  await timed('hourly summaries for the whole period', () => summaryOf('biz_telemetry_hourly', '1 hour', 60));
  await timed('analyse', () => run(sql`ANALYZE`));
}

if (!values.reuse) await fill();

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-telemetry-'));
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CAPTCHA_TEST_ANSWER: '7',
    DATABASE_URL: url,
  }),
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  logger: false,
  scheduled: false,
});
const counts = await run<{ raw: string; five: string; hourly: string; mb: string }>(sql`
  SELECT (SELECT count(*) FROM biz_telemetry_raw) AS raw, (SELECT count(*) FROM biz_telemetry_5m) AS five,
    (SELECT count(*) FROM biz_telemetry_hourly) AS hourly, pg_database_size(current_database()) / 1048576 AS mb`);
const size = counts[0];
console.log(`  rows: raw ${size?.raw}, 5-minute ${size?.five}, hourly ${size?.hourly}; database ${size?.mb} MB`);

// One run of the summaries job over the fleet's last minutes (it runs every minute).
const summarising = performance.now();
await app.scheduler.run('summarise-telemetry');
const summariseMs = Math.round(performance.now() - summarising);
console.log(`  the summaries job once over ${MACHINES} machines' last minutes: ${summariseMs} ms`);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const authorization = await signIn(base, 'admin', PASSWORD, '7');
const ids = (await run<{ id: number }>(sql`SELECT id FROM biz_machine`)).map((row) => row.id);
const anyMachine = () => ids[Math.floor(Math.random() * ids.length)] as number;
const get = async (path: string) => {
  const started = performance.now();
  const answer = await fetch(`${base}${path}`, { headers: { authorization, 'accept-encoding': 'gzip' } });
  const body = await answer.text();
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.length };
};
// Each round asks for one machine's detail, 24 hours and 90 days, in turn.
const latencies = { detail: [] as number[], '24h': [] as number[], '90d': [] as number[] };
const bytes = { '24h': 0, '90d': 0 };
for (let round = -20; round < REQUESTS; round++) {
  const id = anyMachine();
  const detail = await get(`/api/machines/${id}`);
  const day = await get(`/api/machines/${id}/telemetry?range=24h`);
  const quarter = await get(`/api/machines/${id}/telemetry?range=90d`);
  if (round < 0) continue; // warming up
  latencies.detail.push(detail.ms);
  latencies['24h'].push(day.ms);
  latencies['90d'].push(quarter.ms);
  bytes['24h'] = day.bytes;
  bytes['90d'] = quarter.bytes;
}

const p95 = (values: number[]) => Math.round(quantile(values, 0.95) * 10) / 10;
console.log(
  `baseline GET /api/machines/:id: p50 ${quantile(latencies.detail, 0.5).toFixed(1)} ms, p95 ${p95(latencies.detail)} ms`,
);
let met = true;
for (const range of ['24h', '90d'] as const) {
  const figure = p95(latencies[range]);
  met &&= figure <= TARGETS[range];
  record(`telemetry-postgres-${range}`, {
    name: `${range === '24h' ? '24-hour chart (5-minute summaries and the samples since)' : '90-day chart (hourly summaries, the hour under way from its 5-minute ones and samples)'} of one machine through GET /api/machines/:id/telemetry, p95 of ${REQUESTS}, PostgreSQL with ${MACHINES} machines' ${DAYS}-day history`,
    value: figure,
    unit: 'ms',
    baseline: { name: 'GET /api/machines/:id p95, same machines', value: p95(latencies.detail) },
    target: { compare: '<=', limit: TARGETS[range], of: 'value' },
    detail: `p50 ${quantile(latencies[range], 0.5).toFixed(1)} ms; ${bytes[range]} bytes uncompressed; the summaries job once: ${summariseMs} ms; rows: raw ${size?.raw}, 5-minute ${size?.five}, hourly ${size?.hourly}`,
  });
}

await app.close();
await database.close();
if (values.keep) console.log(`kept: --reuse ${name}`);
else await dropTestDatabase(process.env.DATABASE_URL, name);
await rm(dataDir, { recursive: true, force: true });
process.exit(met ? 0 : 1);
