import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.ts';
import { formatDay } from '../../src/lib/time.ts';
import { backfill } from '../../src/simulator/backfill.ts';
import { addressOf, type ServerProcess, signIn, startServer, stopAllServers, stopServer } from '../server-process.ts';
import { adminQuery, databaseUrl, dropTestDatabase, testDatabaseUrl } from '../test-database.ts';

const ADMIN_PASSWORD = 'Instances-admin-password-1';
const USER_PASSWORD = 'Instances-user-password-1';
const OWN_PASSWORD = 'Exporter-own-password-2';
const CAPTCHA = '11';
/** Users, each with one export: as many tasks, queued through both instances. */
const USERS = 10;
const ORDERS = 4 * 5 * 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background tasks on two instances sharing PostgreSQL', () => {
  const name = `water_console_tasks_${randomBytes(6).toString('hex')}`;
  let tempDir: string;
  const servers: ServerProcess[] = [];
  const baseUrls: string[] = [];

  beforeAll(async () => {
    if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'water-tasks-pg-'));
    await adminQuery(testDatabaseUrl, `CREATE DATABASE ${name}`);
    const url = databaseUrl(testDatabaseUrl, name);
    for (const instance of ['a', 'b']) {
      const server = startServer({
        DATABASE_URL: url,
        DATA_DIR: path.join(tempDir, instance),
        PORT: '0',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        CAPTCHA_TEST_ANSWER: CAPTCHA,
        ADMIN_PASSWORD,
        DEFAULT_USER_PASSWORD: USER_PASSWORD,
        AUTH_RATE_LIMIT: '100000',
      });
      servers.push(server);
      baseUrls.push(await addressOf(server, 90_000));
    }
    const database = await openPostgres(url);
    try {
      const made = await backfill(database.db, {
        machines: 4,
        days: 5,
        perDay: 100,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      expect(made.orders).toBe(ORDERS);
    } finally {
      await database.close();
    }
  }, 180_000);

  afterAll(async () => {
    stopAllServers();
    await rm(tempDir, { recursive: true, force: true });
    if (testDatabaseUrl) await dropTestDatabase(testDatabaseUrl, name);
  });

  const call = async (baseUrl: string, authorization: string, method: string, url: string, body?: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('runs each of many tasks exactly once, whichever instance queued it', async () => {
    const [a, b] = baseUrls as [string, string];
    const admin = await signIn(a, 'admin', ADMIN_PASSWORD, CAPTCHA);
    const roles = (await (await call(a, admin, 'GET', '/api/roles/all')).json()) as { id: number; name: string }[];
    const finance = roles.find((role) => role.name === 'Finance')?.id;
    const depts = (await (await call(a, admin, 'GET', '/api/dept?enabled=true')).json()) as {
      content: { id: number }[];
    };
    const dept = depts.content[0]?.id;
    const now = new Date();
    const range = [formatDay(new Date(now.getTime() - 10 * 86_400_000)), formatDay(now)];
    const callers: { baseUrl: string; authorization: string }[] = [];
    for (let n = 0; n < USERS; n++) {
      const username = `exporter${n}`;
      const created = await call(a, admin, 'POST', '/api/users', {
        username,
        nickName: `Exporter ${n}`,
        gender: '女',
        phone: '13800000000',
        email: `${username}@example.com`,
        dept: { id: dept },
        jobs: [],
        roles: [{ id: finance }],
        enabled: true,
      });
      expect(created.status, await created.text()).toBe(201);
      const baseUrl = n % 2 === 0 ? a : b;
      // A new user sets a password of their own before anything else.
      const first = await signIn(baseUrl, username, USER_PASSWORD, CAPTCHA);
      const changed = await call(baseUrl, first, 'POST', '/api/users/updatePass', {
        oldPass: USER_PASSWORD,
        newPass: OWN_PASSWORD,
      });
      expect(changed.status).toBe(200);
      callers.push({ baseUrl, authorization: await signIn(baseUrl, username, OWN_PASSWORD, CAPTCHA) });
    }
    // Queued all at once, half through each instance.
    const started = await Promise.all(
      callers.map(({ baseUrl, authorization }) =>
        call(baseUrl, authorization, 'POST', '/api/orders/exports', { createTime: range }),
      ),
    );
    const refused = started.find((response) => response.status !== 202);
    expect(refused, await refused?.text()).toBeUndefined();

    const tasks: { id: number; state: string; attempts: number }[] = [];
    for (const { baseUrl, authorization } of callers) {
      for (let i = 0; ; i++) {
        const [task] = (await (await call(baseUrl, authorization, 'GET', '/api/tasks')).json()) as typeof tasks;
        if (task && (task.state === 'DONE' || task.state === 'FAILED')) {
          tasks.push(task);
          break;
        }
        if (i > 600) throw new Error(`a task is still ${task?.state}`);
        await sleep(100);
      }
    }
    expect(tasks.map((task) => [task.state, task.attempts])).toEqual(callers.map(() => ['DONE', 1]));

    // Stopped, so that each has written out its log.
    for (const server of servers) await stopServer(server);
    expect(servers.map((server) => server.child.exitCode)).toEqual([0, 0]);
    // Each task was done once, by one instance or the other, and both took some.
    const doneBy = servers.map((server) =>
      [...server.output().matchAll(/"taskId":(\d+)[^\n]*"msg":"background task done"/g)].map((match) =>
        Number(match[1]),
      ),
    );
    const all = doneBy.flat();
    expect(all.sort((x, y) => x - y)).toEqual(tasks.map((task) => task.id).sort((x, y) => x - y));
    console.log('tasks done by each instance:', doneBy.map((ids) => ids.length).join(' + '));
    expect(doneBy.every((ids) => ids.length > 0)).toBe(true);
  }, 240_000);
});
