/**
 * The machine gateway under a fleet's traffic: machines heartbeating once a minute each and
 * complete sales (create, pay by water card, dispense) at a steady rate, over real HTTP with real signatures,
 * for a while; then the orders are counted against the sales the machines made. Printed against
 * the targets: no error, p99 under 100 ms, no order lost or counted twice (every sale is sent
 * twice now and then, as a machine retrying would). A public request that reads nothing is timed
 * beside it as the baseline.
 *
 *   npx tsx bench/gateway.ts                       # embedded: 1,000 machines, 25 sales/s, 120 s
 *   DATABASE_URL=postgres://… npx tsx bench/gateway.ts   # 2,000 machines, 50 sales/s
 *   … --seconds 30                                  # a shorter run
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { cardSecretHash } from '../apps/server/src/modules/cards/card-secrets.ts';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { writeFleet } from '../apps/server/test/fleet-rows.ts';
import { quantile, record } from './results.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '120' } } });
const seconds = Number(values.seconds);
const postgres = Boolean(process.env.DATABASE_URL);
const MACHINES = postgres ? 2000 : 1000;
const SALES_PER_SECOND = postgres ? 50 : 25;
const P99_TARGET_MS = 100;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-gateway-'));
const database = postgres ? await openPostgres(process.env.DATABASE_URL as string) : await openPglite({});
if (postgres) {
  // A clean slate on the bench's own database.
  await database.db.execute(
    sql`TRUNCATE biz_order, biz_order_key, biz_refund, biz_sales_hourly, biz_sales_daily, biz_gateway_nonce, biz_alarm, biz_card_movement, biz_card`,
  );
}
const [{ n: users } = { n: 0 }] = (
  (await database.db.execute(sql`SELECT count(*)::int AS n FROM sys_user`)) as unknown as { rows: { n: number }[] }
).rows;
if (users === 0) {
  await seedDatabase(database.db, {
    adminPassword: 'bench-password-1',
    seedDemo: false,
    defaultUserPassword: '123456',
  });
}

// The fleet, written straight into the tables.
const run = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const suffix = randomBytes(3).toString('hex');
const { agentId, fleet } = await writeFleet(
  database.db,
  MACHINES,
  (index) => `BENCH-${suffix}-${String(index).padStart(5, '0')}`,
);
const agent = { id: agentId };

// The water cards the sales pay with, one for each ten machines: a card's sales wait for each
// other at its lock, as they do when a card is used at two machines at once.
const stamp = String(Date.now()).slice(-6);
const cards = Array.from({ length: MACHINES / 10 }, (_, index) => ({
  cardNo: `8${stamp}${String(index).padStart(9, '0')}`,
  cardSecret: randomBytes(6).toString('hex').toUpperCase(),
}));
await run(sql`
  INSERT INTO biz_card (card_no, secret_hash, agent_id, principal, batch_no)
  VALUES ${sql.join(
    cards.map(
      (card) => sql`(${card.cardNo}, ${cardSecretHash(card.cardNo, card.cardSecret)}, ${agent?.id}, 10000000, 'BENCH')`,
    ),
    sql`, `,
  )}`);

const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', MQTT_PORT: 'off', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  logger: false,
  scheduled: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const calls: number[] = [];
/** Each call of a sale by its step, to see which one makes the tail. */
const steps: Record<'create' | 'payment' | 'dispense', number[]> = { create: [], payment: [], dispense: [] };
const stepOf = (call: string) =>
  call.endsWith('/payment')
    ? 'payment'
    : call.endsWith('/dispense')
      ? 'dispense'
      : call.endsWith('/orders')
        ? 'create'
        : undefined;
const machines = fleet.map(
  (identity) =>
    new VirtualMachine(baseUrl, identity, undefined, (call, ms) => {
      if (call.endsWith('/heartbeat')) return;
      calls.push(ms);
      const step = stepOf(call);
      if (step) steps[step].push(ms);
    }),
);

const latencies = { heartbeat: [] as number[], sale: [] as number[], baseline: [] as number[] };
const errors: string[] = [];
let sales = 0;
let retried = 0;
const timed = async (bucket: number[], work: () => Promise<unknown>) => {
  const started = performance.now();
  try {
    await work();
    bucket.push(performance.now() - started);
  } catch (error) {
    errors.push(String(error).slice(0, 200));
  }
};

const startedAt = Date.now();
const endAt = startedAt + seconds * 1000;
const inFlight = new Set<Promise<unknown>>();
const launch = (work: Promise<unknown>) => {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
};
// Heartbeats spread evenly over each minute; sales and the baseline every 20 ms.
let beatIndex = 0;
const heartbeatEveryMs = 60_000 / MACHINES;
let nextBeat = Date.now();
let nextSale = Date.now();
const saleEveryMs = 1000 / SALES_PER_SECOND;
while (Date.now() < endAt) {
  const now = Date.now();
  while (nextBeat <= now) {
    const machine = machines[beatIndex++ % machines.length] as VirtualMachine;
    launch(timed(latencies.heartbeat, () => machine.heartbeat({ tdsOut: 9, tankLevel: 70 })));
    nextBeat += heartbeatEveryMs;
  }
  while (nextSale <= now) {
    const machine = machines[Math.floor(Math.random() * machines.length)] as VirtualMachine;
    const twice = Math.random() < 0.02;
    launch(
      timed(latencies.sale, async () => {
        const card = cards[Math.floor(Math.random() * cards.length)];
        await machine.sell({ channel: 'CARD', requestedMl: 2000, card, ...(twice ? { repeat: true } : {}) });
        sales++;
        if (twice) retried++;
      }),
    );
    launch(timed(latencies.baseline, () => fetch(`${baseUrl}/healthz`).then((answer) => answer.text())));
    nextSale += saleEveryMs;
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
}
await Promise.all(inFlight);

const [orders] = await run<{ n: number; paid: number; completed: number }>(sql`
  SELECT count(*)::int AS n, count(*) FILTER (WHERE paid > 0)::int AS paid, count(*) FILTER (WHERE state = 'COMPLETED')::int AS completed
  FROM biz_order WHERE agent_id = ${agent?.id}`);
const [twice] = await run<{ n: number }>(sql`
  SELECT count(*)::int AS n FROM (
    SELECT machine_id, machine_order_no FROM biz_order WHERE agent_id = ${agent?.id}
    GROUP BY machine_id, machine_order_no HAVING count(*) > 1
  ) AS doubled`);
const [rolled] = await run<{ n: number }>(
  sql`SELECT coalesce(sum(orders), 0)::int AS n FROM biz_sales_daily WHERE agent_id = ${agent?.id}`,
);

const rows: [string, string, string, boolean][] = [
  ['errors', String(errors.length), '0', errors.length === 0],
  [
    'sale call p99 (create, pay, dispense)',
    `${quantile(calls, 0.99).toFixed(1)} ms`,
    `< ${P99_TARGET_MS} ms`,
    quantile(calls, 0.99) < P99_TARGET_MS,
  ],
  [
    'heartbeat p99',
    `${quantile(latencies.heartbeat, 0.99).toFixed(1)} ms`,
    `< ${P99_TARGET_MS} ms`,
    quantile(latencies.heartbeat, 0.99) < P99_TARGET_MS,
  ],
  [
    'completed orders ÷ sales the machines completed',
    `${orders?.completed ?? 0} ÷ ${sales}`,
    'equal',
    orders?.completed === sales,
  ],
  ['sales counted twice (each retried one reported twice)', String(twice?.n ?? 0), '0', twice?.n === 0],
  ['paid orders in the roll-ups', `${rolled?.n ?? 0} ÷ ${orders?.paid ?? 0}`, 'equal', rolled?.n === orders?.paid],
];
console.log(
  `gateway on ${postgres ? 'PostgreSQL' : 'the embedded database'}: ${MACHINES} machines heartbeating each minute, ` +
    `${SALES_PER_SECOND} sales/s for ${seconds} s (${sales} sales, ${retried} sent twice, ${latencies.heartbeat.length} heartbeats)`,
);
console.log(
  `baseline GET /healthz under the same load: p50 ${quantile(latencies.baseline, 0.5).toFixed(1)} ms, p99 ${quantile(latencies.baseline, 0.99).toFixed(1)} ms`,
);
console.log(
  `a whole sale (its calls one after another): p50 ${quantile(latencies.sale, 0.5).toFixed(1)} ms, p99 ${quantile(latencies.sale, 0.99).toFixed(1)} ms`,
);
console.log(
  `sale calls by step, p50 / p99: ${Object.entries(steps)
    .map(([step, values]) => `${step} ${quantile(values, 0.5).toFixed(1)} / ${quantile(values, 0.99).toFixed(1)} ms`)
    .join(', ')}`,
);
for (const [name, figure, target, met] of rows) console.log(`${met ? '✔' : '✖'} ${name}: ${figure} (target ${target})`);
if (errors.length > 0) console.log('first errors:', errors.slice(0, 5));
const engine = postgres ? 'postgres' : 'embedded';
const reconciled = rows.every((row) => row[3])
  ? 'no errors, every sale counted once, roll-ups equal'
  : 'see the rows above';
for (const [key, name, values] of [
  [`gateway-${engine}-call`, 'a sale call (create, pay, dispense)', calls],
  [`gateway-${engine}-heartbeat`, 'a heartbeat', latencies.heartbeat],
] as const) {
  record(key, {
    name: `gateway on ${postgres ? 'PostgreSQL' : 'the embedded database'}, ${MACHINES} machines + ${SALES_PER_SECOND} sales/s: p99 of ${name}`,
    value: Math.round(quantile(values, 0.99) * 10) / 10,
    unit: 'ms',
    baseline: {
      name: 'GET /healthz p99 under the same load',
      value: Math.round(quantile(latencies.baseline, 0.99) * 10) / 10,
    },
    target: { compare: '<=', limit: P99_TARGET_MS, of: 'value' },
    detail: `${seconds} s; ${reconciled}`,
  });
}

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
process.exit(rows.every((row) => row[3]) ? 0 : 1);
