import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';
import { appTasks } from '../src/db/infrastructure.schema.ts';
import {
  addressOf,
  killHard,
  type ServerProcess,
  signIn,
  startServer,
  stopAllServers,
  stopServer,
} from './server-process.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';

const ADMIN_PASSWORD = 'Durable-admin-password-2';
const CAPTCHA = '11';

interface DeliveryAnswer {
  id: number;
  state: string;
  attempts: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a notification queued before a SIGKILL', () => {
  let dataDir: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const env = () => ({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: CAPTCHA, ADMIN_PASSWORD });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-notify-kill-'));
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    stopAllServers();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is sent after the restart, exactly once, by its task', async () => {
    let server: ServerProcess = startServer(env());
    let baseUrl = await addressOf(server, 90_000);
    const authorization = await signIn(baseUrl, 'admin', ADMIN_PASSWORD, CAPTCHA);
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(response.status, `${method} ${url}`).toBeLessThan(300);
      return response.json() as Promise<{ id: number; content?: unknown }>;
    };
    const webhook = async (name: string) => {
      const channel = await call('POST', '/api/notifications/channels', {
        name: `Stores ${name}`,
        kind: 'WEBHOOK',
        target: receiver.url(name),
        language: 'en',
        ratePerMinute: 20,
        digestSeconds: 0,
        enabled: true,
      });
      await call('POST', '/api/notifications/rules', { event: 'STOCK_LOW', channelId: channel.id, enabled: true });
      return channel.id;
    };
    // The first channel's message holds the instance's only notification worker: the second waits queued.
    await webhook('stuck');
    const inbox = await webhook('inbox');
    const deliveries = async () =>
      (await call('GET', `/api/notifications/deliveries?channelId=${inbox}`)).content as DeliveryAnswer[];

    const part = await call('POST', '/api/parts', {
      code: 'RO-400',
      name: 'RO membrane 400G',
      kind: 'FILTER',
      stage: 'RO',
      unit: 'pc',
      reorderPoint: 2,
    });
    const depot = await call('POST', '/api/warehouses', { name: 'Depot', address: 'Gate 3' });
    await call('POST', '/api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 5 });
    await call('POST', '/api/stock/adjust', {
      partId: part.id,
      holder: { kind: 'WAREHOUSE', id: depot.id },
      change: -3,
      note: 'broken in transport',
    });

    for (let i = 0; i < 600 && receiver.of('stuck').length === 0; i++) await sleep(25);
    expect(receiver.of('stuck')).toHaveLength(1);
    const [queued] = await deliveries();
    expect(queued).toMatchObject({ state: 'PENDING', attempts: 0 });
    await killHard(server);
    expect(receiver.of('inbox')).toHaveLength(0);

    server = startServer(env());
    baseUrl = await addressOf(server, 90_000);
    for (let i = 0; i < 600 && receiver.of('inbox').length === 0; i++) await sleep(50);
    expect(receiver.of('inbox')).toHaveLength(1);
    expect(receiver.of('inbox')[0]?.body).toContain('RO membrane 400G');
    // Two more looks of the scheduler at the messages due: nothing is sent again.
    await sleep(11_000);
    expect(receiver.of('inbox')).toHaveLength(1);
    expect(await deliveries()).toEqual([expect.objectContaining({ id: queued?.id, state: 'SENT', attempts: 1 })]);
    await stopServer(server);

    const database = await openPglite({ dataDir });
    try {
      const tasks = await database.db
        .select()
        .from(appTasks)
        .where(and(eq(appTasks.kind, 'notification-delivery'), eq(appTasks.subjectId, queued?.id ?? 0)));
      // Killed before the scheduler marked the message queued, it is queued a second time after the
      // restart: its second task finds the attempt made and does nothing. None is left open.
      expect(tasks.length).toBeGreaterThanOrEqual(1);
      for (const task of tasks) expect(task).toMatchObject({ state: 'DONE', userId: null });
    } finally {
      await database.close();
    }
  }, 240_000);
});
