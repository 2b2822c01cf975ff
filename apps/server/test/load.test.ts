import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, killHard, type ServerProcess, signIn, startServer, stopServer } from './server-process.ts';

/**
 * A mixed load on loopback against the real server process: the console's reads, writes and
 * sign-ins from several clients at once for LOAD_SECONDS (120 unless told). Every request must be
 * answered 2xx, and the server's memory must come back near where it started.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const CLIENTS = 16;
/**
 * Each client's pause between operations: about a hundred operations a second, many at once,
 * without taking both cores from the rest of the suite that runs beside it (sign-ins and new
 * users hash passwords, which is most of the load's processor time).
 */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 120);
/** How far above its warmed-up size the server may stay once the load is over. */
const RSS_MARGIN_MB = 128;
const RSS_SETTLE_MS = 30_000;
const ADMIN_PASSWORD = 'Load-admin-password-1';
const CAPTCHA = '11';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process, in MB, as the kernel counts it. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Math.round(Number(line[1]) / 1024);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

interface Figures {
  /** Operations done (a sign-in is three requests: captcha, sign-in, sign-out). */
  operations: number;
  perOperation: Record<string, number>;
  failures: string[];
  latencies: number[];
}

describe(`the server under ${SECONDS} s of mixed load`, () => {
  let dataDir: string;
  let server: ServerProcess;
  let baseUrl: string;
  let token: string;
  let pool: number[];
  let userTemplate: { dept: { id: number }; roles: { id: number }[] };
  let httpRequests = 0;

  const call = async (method: string, url: string, body?: unknown, authorization = token) => {
    httpRequests += 1;
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-load-'));
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'test',
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      ADMIN_PASSWORD,
      AUTH_RATE_LIMIT: '100000',
    };
    // The database is created by a first start; the server measured is a restart on it, as in
    // production (creating a database leaves memory behind that is freed at an unknown moment).
    const first = startServer(env);
    await addressOf(first, 180_000);
    await stopServer(first);
    server = startServer(env);
    baseUrl = await addressOf(server, 180_000);
    token = await signIn(baseUrl, 'admin', ADMIN_PASSWORD, CAPTCHA);
    // Dictionaries the updates work on, and where new users go.
    for (let i = 0; i < 20; i++) await call('POST', '/api/dict', { name: `load_pool_${i}`, description: 'pool' });
    const all = JSON.parse((await call('GET', '/api/dict/all')).body) as { id: number; name: string }[];
    pool = all.filter((dict) => dict.name.startsWith('load_pool_')).map((dict) => dict.id);
    const users = JSON.parse((await call('GET', '/api/users?page=0&size=1')).body) as {
      content: (typeof userTemplate)[];
    };
    const admin = users.content[0] as typeof userTemplate;
    userTemplate = { dept: { id: admin.dept.id }, roles: admin.roles.map((role) => ({ id: role.id })) };
  }, 240_000);

  afterAll(async () => {
    if (server) await killHard(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** What one client does, by weight: mostly the console's reads, some writes, a few sign-ins. */
  const operations: [name: string, weight: number, run: (n: string) => Promise<{ status: number; body: string }>][] = [
    ['menus/build', 25, () => call('GET', '/api/menus/build')],
    ['dictDetail', 20, () => call('GET', '/api/dictDetail?dictName=user_status&page=0&size=10')],
    ['users list', 15, () => call('GET', '/api/users?page=0&size=10&sort=id,desc')],
    ['dict create', 10, (n) => call('POST', '/api/dict', { name: `load_${n}`, description: 'created under load' })],
    [
      'dict update',
      12,
      (n) => {
        const id = pool[Math.floor(Math.random() * pool.length)] as number;
        return call('PUT', '/api/dict', { id, name: `load_pool_${pool.indexOf(id)}`, description: `updated ${n}` });
      },
    ],
    [
      'user create',
      8,
      (n) =>
        call('POST', '/api/users', {
          username: `load_${n}`,
          nickName: `Load ${n}`,
          password: 'Load-user-pass-1',
          ...userTemplate,
        }),
    ],
    [
      'sign-in',
      10,
      async () => {
        const captcha = await call('GET', '/auth/code', undefined, '');
        if (captcha.status !== 200) return captcha;
        const { uuid } = JSON.parse(captcha.body) as { uuid: string };
        const login = await call(
          'POST',
          '/auth/login',
          { username: 'admin', password: ADMIN_PASSWORD, code: CAPTCHA, uuid },
          '',
        );
        if (login.status !== 200) return login;
        return call('DELETE', '/auth/logout', undefined, (JSON.parse(login.body) as { token: string }).token);
      },
    ],
  ];
  const totalWeight = operations.reduce((sum, [, weight]) => sum + weight, 0);
  const pick = () => {
    let at = Math.random() * totalWeight;
    for (const operation of operations) {
      at -= operation[1];
      if (at < 0) return operation;
    }
    return operations[0]!;
  };

  /** Numbers the names of what the clients create, unique over the warm-up and the load. */
  let serial = 0;

  async function drive(ms: number, figures: Figures) {
    const until = Date.now() + ms;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        while (Date.now() < until) {
          const [name, , run] = pick();
          const n = `${client}_${serial++}`;
          const started = performance.now();
          try {
            const answer = await run(n);
            if (answer.status < 200 || answer.status >= 300) {
              figures.failures.push(`${name}: ${answer.status} ${answer.body.slice(0, 200)}`);
            }
          } catch (error) {
            figures.failures.push(`${name}: ${(error as Error).message} ${String((error as Error).cause ?? '')}`);
          }
          figures.latencies.push(performance.now() - started);
          figures.operations += 1;
          figures.perOperation[name] = (figures.perOperation[name] ?? 0) + 1;
          await sleep(THINK_MS);
        }
      }),
    );
  }

  it(
    'answers every request 2xx, and its memory comes back near where it started',
    async () => {
      const pid = server.child.pid as number;
      // Warm up (code compiled, caches and the database's buffers filled), then take the baseline.
      await drive(Math.min(5000, SECONDS * 100), { operations: 0, perOperation: {}, failures: [], latencies: [] });
      await sleep(2000);
      const baseline = rssMb(pid);

      const figures: Figures = { operations: 0, perOperation: {}, failures: [], latencies: [] };
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(pid));
      }, 250);
      const requestsBefore = httpRequests;
      const started = Date.now();
      await drive(SECONDS * 1000, figures);
      const requests = httpRequests - requestsBefore;
      const elapsed = (Date.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(pid));

      let after = rssMb(pid);
      const settleUntil = Date.now() + RSS_SETTLE_MS;
      while (after > baseline + RSS_MARGIN_MB && Date.now() < settleUntil) {
        await sleep(1000);
        after = rssMb(pid);
      }

      const sorted = [...figures.latencies].sort((a, b) => a - b);
      const report = {
        seconds: Math.round(elapsed),
        clients: CLIENTS,
        thinkMs: THINK_MS,
        requests,
        requestsPerSecond: Math.round(requests / elapsed),
        operations: figures.operations,
        errors: figures.failures.length,
        // Latency of an operation (a sign-in counts its three requests together).
        p50ms: Math.round(percentile(sorted, 50)),
        p99ms: Math.round(percentile(sorted, 99)),
        maxMs: Math.round(sorted.at(-1) ?? 0),
        perOperation: figures.perOperation,
        rssMb: { baseline, peak, after, allowed: baseline + RSS_MARGIN_MB },
      };
      console.log(`load test: ${JSON.stringify(report, null, 2)}`);
      expect(figures.failures.slice(0, 10)).toEqual([]);
      expect(figures.operations).toBeGreaterThan(SECONDS);
      expect(after).toBeLessThanOrEqual(baseline + RSS_MARGIN_MB);
      expect(server.child.exitCode).toBeNull();
    },
    SECONDS * 1000 + 90_000,
  );
});
