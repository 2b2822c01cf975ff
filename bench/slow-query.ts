/**
 * One slow query never stalls the server: the requests per second of a cached answer
 * (`api/dictDetail`, served from memory) while one client repeats a slow users search back to
 * back, against the same answer alone, in the same run. The console runs from its bundle on the
 * embedded database holding 20,000 users; the search matches all of them ("example", in every
 * email) and sorts them by nickname, so neither the trigram indexes nor the primary key spare it
 * reading and sorting every user. Load from autocannon, 10 connections, ROUNDS rounds, medians.
 * The clients run on the first CPU and the server on the others, as when they are other machines:
 * with all three on two CPUs (the load generator, the event loop and the database's thread) the
 * figure shows how they share the CPUs rather than whether the search holds the reads up.
 *
 *   npx tsx bench/slow-query.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { openPglite } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { median, record } from './results.ts';
import { ADMIN_PASSWORD, separateClientsFromServer, signIn, startConsole } from './server-process.ts';

const PORT = 8798;
const USERS = 20_000;
const SECONDS = 5;
const ROUNDS = 5;
const CACHED = '/api/dictDetail?dictName=user_status&page=0&size=9999';
const SEARCH = '/api/users?blurry=example&page=0&size=10&sort=nickName,asc';

/**
 * The database as a first start leaves it, and the users: written before the server owns the
 * directory (SQL through the API is slow).
 */
async function seed(dataDir: string): Promise<void> {
  const database = await openPglite({ dataDir });
  try {
    await seedDatabase(database.db, { adminPassword: ADMIN_PASSWORD, seedDemo: false, defaultUserPassword: '123456' });
    await database.db.execute(sql`
      INSERT INTO sys_user (dept_id, username, nick_name, email, gender, phone, password_hash, enabled)
      SELECT (SELECT dept_id FROM sys_user WHERE username = 'admin'), 'user' || g, 'Member ' || md5(g::text),
             'user' || g || '@example.com', '男', '138' || lpad(g::text, 8, '0'), 'x', true
      FROM generate_series(1, ${USERS}) AS g`);
    await database.db.execute(sql`ANALYZE sys_user`);
  } finally {
    await database.close();
  }
}

const bundle = await buildServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-bench-slow-query-'));
await seed(dataDir);
const split = separateClientsFromServer();
const server = await startConsole(bundle, dataDir, PORT, { LOG_LEVEL: 'warn' }, { cpus: split.cpus });
try {
  const { base } = server;
  const headers = { authorization: await signIn(base) };

  /** Milliseconds of one search; checks it finds every user. */
  const search = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${SEARCH}`, { headers });
    const body = (await response.json()) as { totalElements: number };
    if (!response.ok || body.totalElements < USERS) throw new Error(`the search answered ${response.status}`);
    return performance.now() - started;
  };
  const cached = async (seconds = SECONDS) => {
    const result = await autocannon({ url: `${base}${CACHED}`, connections: 10, duration: seconds, headers });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  };

  // Warm: the cache filled, the search's pages read once.
  for (let i = 0; i < 3; i++) await search();
  await cached(2);

  const alone: number[] = [];
  const beside: number[] = [];
  const searchMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    alone.push(await cached());
    let searching = true;
    const searcher = (async () => {
      while (searching) searchMs.push(await search());
    })();
    beside.push(await cached());
    searching = false;
    await searcher;
  }
  const quietSearchMs: number[] = [];
  for (let i = 0; i < 10; i++) quietSearchMs.push(await search());
  const ms = (values: number[]) => Math.round(median(values));
  record('slow-query', {
    name: 'cached api/dictDetail req/s while one client repeats a users search',
    value: Math.round(median(beside)),
    unit: 'req/s',
    baseline: { name: 'alone', value: Math.round(median(alone)) },
    target: { compare: '>=', limit: 0.8, of: 'ratio' },
    detail:
      `${split.described}; ` +
      `search over ${USERS} users: ${ms(searchMs)} ms median (${searchMs.length} searches) under the load, ` +
      `${ms(quietSearchMs)} ms alone; rounds alone ${alone.map(Math.round).join(', ')}, ` +
      `beside the search ${beside.map(Math.round).join(', ')} req/s`,
  });
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
