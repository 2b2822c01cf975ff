import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.ts';
import { appTasks } from '../../src/db/infrastructure.schema.ts';
import { addressOf, type ServerProcess, signIn, startServer, stopAllServers, stopServer } from '../server-process.ts';
import { adminQuery, databaseUrl, dropTestDatabase, testDatabaseUrl } from '../test-database.ts';
import { startWebhookReceiver } from '../webhook-receiver.ts';

const ADMIN_PASSWORD = 'Notify-admin-password-1';
const CAPTCHA = '11';
/** Channels, each with a rule on STOCK_LOW: one stock change makes as many messages. */
const CHANNELS = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notifications on two instances sharing PostgreSQL', () => {
  const name = `water_console_notify_${randomBytes(6).toString('hex')}`;
  let tempDir: string;
  let url: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const servers: ServerProcess[] = [];
  const baseUrls: string[] = [];

  beforeAll(async () => {
    if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'water-notify-pg-'));
    receiver = await startWebhookReceiver();
    await adminQuery(testDatabaseUrl, `CREATE DATABASE ${name}`);
    url = databaseUrl(testDatabaseUrl, name);
    for (const instance of ['a', 'b']) {
      const server = startServer({
        DATABASE_URL: url,
        DATA_DIR: path.join(tempDir, instance),
        PORT: '0',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        CAPTCHA_TEST_ANSWER: CAPTCHA,
        ADMIN_PASSWORD,
      });
      servers.push(server);
      baseUrls.push(await addressOf(server, 90_000));
    }
  }, 180_000);

  afterAll(async () => {
    stopAllServers();
    await receiver.close();
    await rm(tempDir, { recursive: true, force: true });
    if (testDatabaseUrl) await dropTestDatabase(testDatabaseUrl, name);
  });

  it('sends each message once, whichever instance looks at the messages due or takes the task', async () => {
    const [a, b] = baseUrls as [string, string];
    const authorization = await signIn(a, 'admin', ADMIN_PASSWORD, CAPTCHA);
    const call = async (baseUrl: string, method: string, route: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${route}`, {
        method,
        headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(response.status, `${method} ${route}`).toBeLessThan(300);
      return response.json() as Promise<{ id: number; content?: unknown }>;
    };
    for (let n = 0; n < CHANNELS; n++) {
      const channel = await call(n % 2 === 0 ? a : b, 'POST', '/api/notifications/channels', {
        name: `Stores ${n}`,
        kind: 'WEBHOOK',
        target: receiver.url(`channel-${n}`),
        language: 'en',
        ratePerMinute: 20,
        digestSeconds: 0,
        enabled: true,
      });
      await call(a, 'POST', '/api/notifications/rules', { event: 'STOCK_LOW', channelId: channel.id, enabled: true });
    }
    const part = await call(b, 'POST', '/api/parts', {
      code: 'RO-400',
      name: 'RO membrane 400G',
      kind: 'FILTER',
      stage: 'RO',
      unit: 'pc',
      reorderPoint: 2,
    });
    const depot = await call(b, 'POST', '/api/warehouses', { name: 'Depot', address: 'Gate 3' });
    await call(b, 'POST', '/api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 5 });
    await call(b, 'POST', '/api/stock/adjust', {
      partId: part.id,
      holder: { kind: 'WAREHOUSE', id: depot.id },
      change: -3,
      note: 'broken in transport',
    });

    const counts = () => Array.from({ length: CHANNELS }, (_, n) => receiver.of(`channel-${n}`).length);
    for (let i = 0; i < 600 && counts().some((count) => count === 0); i++) await sleep(50);
    // Both schedulers look again twice: nothing goes twice.
    await sleep(11_000);
    expect(counts()).toEqual(Array.from({ length: CHANNELS }, () => 1));
    const deliveries = (await call(a, 'GET', '/api/notifications/deliveries?size=50')).content as {
      state: string;
      attempts: number;
    }[];
    expect(deliveries.map((delivery) => [delivery.state, delivery.attempts])).toEqual(
      Array.from({ length: CHANNELS }, () => ['SENT', 1]),
    );

    for (const server of servers) await stopServer(server);
    expect(servers.map((server) => server.child.exitCode)).toEqual([0, 0]);
    const database = await openPostgres(url);
    try {
      const tasks = await database.db
        .select({ state: appTasks.state, attempts: appTasks.attempts })
        .from(appTasks)
        .where(eq(appTasks.kind, 'notification-delivery'));
      expect(tasks).toEqual(Array.from({ length: CHANNELS }, () => ({ state: 'DONE', attempts: 1 })));
    } finally {
      await database.close();
    }
    const doneBy = servers.map(
      (server) =>
        [...server.output().matchAll(/"kind":"notification-delivery"[^\n]*"msg":"background task done"/g)].length,
    );
    console.log('notification tasks done by each instance:', doneBy.join(' + '));
    expect(doneBy.reduce((sum, count) => sum + count, 0)).toBe(CHANNELS);
  }, 240_000);
});
