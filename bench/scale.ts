/**
 * The console's reads over a year of a 300-machine distributor (~10M orders, orders partitioned
 * by month, PostgreSQL): a city agent's manager's order list of the last 7 days, the distributor's
 * home page figures and a machine's details with its 30-day chart, each timed 30 times in the
 * server (no network) and printed at p95 against its target, beside `GET /healthz` timed the
 * same way as the baseline; and the distributor's monthly report by agent over the year (the
 * Reports page's `GET /api/reports`), timed 10 times. Each figure is kept in bench/results.json.
 *
 *   createdb bench_scale; SCALE_DATABASE_URL=postgres://…/bench_scale npx tsx bench/scale.ts
 *   … --machines 30 --days 60 --per-day 50     # a smaller history, to try it out
 *
 * The history is back-filled once (`npm run simulate -- --backfill` does the same) and kept in the
 * database: later runs measure it again at once.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { formatDay } from '../apps/server/src/lib/time.ts';
import { backfill } from '../apps/server/src/simulator/backfill.ts';
import { record } from './results.ts';

const { values } = parseArgs({
  options: {
    machines: { type: 'string', default: '300' },
    days: { type: 'string', default: '365' },
    'per-day': { type: 'string', default: '90' },
  },
});
const url = process.env.SCALE_DATABASE_URL;
if (!url) {
  console.error('Set SCALE_DATABASE_URL to a PostgreSQL database of its own (it keeps the back-filled history).');
  process.exit(2);
}
const RUNS = 30;
/** A year's report reads far more than a list: fewer calls keep the run short. */
const REPORT_RUNS = 10;
const PASSWORD = 'bench-password-1';
const TARGETS = { orders: 300, home: 100, machine: 200, report: 2000 };

const database = await openPostgres(url);
const run = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const [{ n: users } = { n: 0 }] = await run<{ n: number }>(sql`SELECT count(*)::int AS n FROM sys_user`);
if (users === 0) {
  await seedDatabase(database.db, { adminPassword: PASSWORD, seedDemo: false, defaultUserPassword: '123456' });
}

// The distributor of an earlier run, or a new one.
let [distributor] = await run<{ id: number; deptId: number }>(sql`
  SELECT a.id, a.dept_id AS "deptId" FROM biz_agent a
  WHERE a.code LIKE 'BF%' AND a.parent_id IS NULL ORDER BY a.id DESC LIMIT 1`);
if (!distributor) {
  const started = Date.now();
  const made = await backfill(database.db, {
    machines: Number(values.machines),
    days: Number(values.days),
    perDay: Number(values['per-day']),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    progress: (message) => console.log(`back-fill: ${message}`),
  });
  console.log(
    `back-filled ${made.orders.toLocaleString('en')} orders in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  distributor = { id: made.topAgentId, deptId: made.topDeptId };
}
const [city] = await run<{ id: number; deptId: number }>(sql`
  SELECT id, dept_id AS "deptId" FROM biz_agent WHERE parent_id = ${distributor.id} ORDER BY id LIMIT 1`);
const [machine] = await run<{ id: number }>(
  sql`SELECT id FROM biz_machine WHERE agent_id = ${city?.id} ORDER BY id LIMIT 1`,
);
const [{ n: orders } = { n: 0 }] = await run<{ n: number }>(sql`SELECT count(*)::bigint AS n FROM biz_order`);

const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    MQTT_PORT: 'off',
    CAPTCHA_TEST_ANSWER: '1',
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'silent',
  }),
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  logger: false,
  scheduled: false,
});
await app.ready();

async function signIn(username: string, password: string): Promise<string> {
  const { uuid } = (await app.inject({ method: 'GET', url: '/auth/code' })).json();
  const answer = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password, code: '1', uuid },
  });
  return answer.json().token as string;
}
const admin = await signIn('admin', PASSWORD);
const [role] = await run<{ id: number }>(sql`SELECT id FROM sys_role WHERE name = 'Agent manager'`);
/** A manager of an agent (made on first use): sees that agent and those beneath it. */
async function managerOf(agent: { id: number; deptId: number }): Promise<string> {
  const username = `bench_manager_${agent.id}`;
  const [existing] = await run<{ id: number }>(sql`SELECT id FROM sys_user WHERE username = ${username}`);
  if (!existing) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: admin },
      payload: {
        username,
        nickName: username,
        dept: { id: agent.deptId },
        roles: [{ id: role?.id }],
        password: PASSWORD,
      },
    });
    if (created.statusCode !== 201) throw new Error(`could not create ${username}: ${created.body}`);
  }
  return signIn(username, PASSWORD);
}
const cityManager = await managerOf(city as { id: number; deptId: number });
const distributorManager = await managerOf(distributor);

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)] ?? 0;
async function timed(url: string, authorization?: string, runs = RUNS): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < runs + 3; index++) {
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    const ms = performance.now() - started;
    if (answer.statusCode !== 200)
      throw new Error(`${url} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
    if (index >= 3) samples.push(ms); // the first calls warm the caches
  }
  return p95(samples);
}

const now = new Date();
const week = `createTime=${formatDay(new Date(now.getTime() - 7 * 86_400_000))}&createTime=${formatDay(now)}`;
const baseline = await timed('/healthz');
// Twelve whole months, this one the last: a monthly report reads the months that hold its days (≤ 366 days).
const yearAgo = formatDay(new Date(now.getFullYear(), now.getMonth() - 11, 1));
const figures: [key: string, name: string, ms: number, target: number, runs: number][] = [
  [
    'scale-orders-7d',
    'a city agent’s orders of the last 7 days, first page',
    await timed(`/api/orders?${week}&page=0&size=10`, cityManager),
    TARGETS.orders,
    RUNS,
  ],
  [
    'scale-orders-7d-page-50',
    'the same, page 50',
    await timed(`/api/orders?${week}&page=49&size=10`, cityManager),
    TARGETS.orders,
    RUNS,
  ],
  [
    'scale-home',
    'the distributor’s home page figures',
    await timed('/api/business/overview', distributorManager),
    TARGETS.home,
    RUNS,
  ],
  [
    'scale-machine-30d',
    'a machine’s details with its 30-day chart',
    await timed(`/api/machines/${machine?.id}/status?period=DAY`, cityManager),
    TARGETS.machine,
    RUNS,
  ],
  [
    'scale-report-monthly-year',
    'monthly report over a year, by agent (the distributor’s)',
    await timed(
      `/api/reports?period=MONTH&by=agent&from=${yearAgo}&to=${formatDay(now)}`,
      distributorManager,
      REPORT_RUNS,
    ),
    TARGETS.report,
    REPORT_RUNS,
  ],
];

console.log(
  `scale on PostgreSQL: ${Number(orders).toLocaleString('en')} orders in the database; p95 of the calls in the server; ` +
    `baseline GET /healthz p95 ${baseline.toFixed(2)} ms`,
);
for (const [key, name, ms, target, runs] of figures) {
  record(key, {
    name: `scale: ${name}, p95`,
    value: ms,
    unit: 'ms',
    baseline: { name: 'GET /healthz p95', value: Math.max(Math.round(baseline * 1000) / 1000, 0.001) },
    target: { compare: '<=', limit: target, of: 'value' },
    detail: `${Number(orders).toLocaleString('en')} orders, ${runs} calls after 3 to warm up`,
  });
}
await app.close();
await database.close();
process.exit(0);
