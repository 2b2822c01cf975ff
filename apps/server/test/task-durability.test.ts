import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';
import { formatDay } from '../src/lib/time.ts';
import { readSheet } from '../src/lib/xlsx.ts';
import { backfill } from '../src/simulator/backfill.ts';
import {
  addressOf,
  killHard,
  type ServerProcess,
  signIn,
  startServer,
  stopAllServers,
  stopServer,
} from './server-process.ts';

const ADMIN_PASSWORD = 'Durable-admin-password-1';
const CAPTCHA = '11';
/** 20,000 orders: an export that takes the server a few seconds, long enough to be killed in. */
const ORDERS = 10 * 20 * 100;

interface TaskAnswer {
  id: number;
  state: string;
  progress: number;
  attempts: number;
  subjectId: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a background export under SIGKILL', () => {
  let dataDir: string;
  const env = () => ({
    DATA_DIR: dataDir,
    PORT: '0',
    NODE_ENV: 'test',
    CAPTCHA_TEST_ANSWER: CAPTCHA,
    ADMIN_PASSWORD,
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-task-kill-'));
    // The first start makes and seeds the database; the orders are written straight into it.
    const first = startServer(env());
    await addressOf(first, 90_000);
    await stopServer(first);
    const database = await openPglite({ dataDir });
    try {
      const made = await backfill(database.db, {
        machines: 10,
        days: 20,
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
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is picked up again after a restart and finishes exactly once, every order in it once', async () => {
    let server: ServerProcess = startServer(env());
    let baseUrl = await addressOf(server, 90_000);
    const authorization = await signIn(baseUrl, 'admin', ADMIN_PASSWORD, CAPTCHA);
    const call = async (method: string, url: string, body?: unknown) =>
      fetch(`${baseUrl}${url}`, {
        method,
        headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const tasks = async () => (await (await call('GET', '/api/tasks')).json()) as TaskAnswer[];

    const now = new Date();
    const range = [formatDay(new Date(now.getTime() - 30 * 86_400_000)), formatDay(now)];
    const started = await call('POST', '/api/orders/exports', { createTime: range });
    expect(started.status).toBe(202);
    const exportId = ((await started.json()) as { id: number }).id;

    // Killed mid-way: running, part of it written.
    let seen: TaskAnswer | undefined;
    for (let i = 0; i < 600 && !(seen?.state === 'RUNNING' && seen.progress > 0); i++) {
      [seen] = await tasks();
      await sleep(25);
    }
    expect(seen).toMatchObject({ state: 'RUNNING', subjectId: exportId, attempts: 1 });
    expect(seen?.progress).toBeLessThan(100);
    await killHard(server);

    server = startServer(env());
    baseUrl = await addressOf(server, 90_000);
    let finished: TaskAnswer | undefined;
    for (let i = 0; i < 600 && finished?.state !== 'DONE' && finished?.state !== 'FAILED'; i++) {
      [finished] = await tasks();
      await sleep(200);
    }
    const all = await tasks();
    expect(all, 'one task, done on its second attempt').toHaveLength(1);
    expect(all[0]).toMatchObject({ state: 'DONE', progress: 100, attempts: 2, subjectId: exportId });

    const exportsList = (await (await call('GET', '/api/exports')).json()) as {
      id: number;
      status: string;
      rows: number;
    }[];
    expect(exportsList).toEqual([expect.objectContaining({ id: exportId, status: 'DONE', rows: ORDERS })]);
    const file = await call('GET', `/api/exports/${exportId}/file`);
    expect(file.status).toBe(200);
    const rows = await readSheet(Buffer.from(await file.arrayBuffer()), 'orders.xlsx', 'file');
    expect(rows).toHaveLength(ORDERS + 1);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(ORDERS);

    await stopServer(server);
    expect(server.child.exitCode).toBe(0);
  }, 240_000);
});
