import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, type TestApp, tokenOf } from '../../../test/test-app.ts';
import { startRobotReceiver } from './robot-receiver.ts';

const KEY = 'logkey-5be0c7a91f22';
const SECRET = 'SEClog-3e8d0a6b7c1f942d';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('notifications and the server log', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startRobotReceiver>>;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' }, undefined, { captureLogs: true, logLevel: 'debug' });
    receiver = await startRobotReceiver({ key: KEY, secret: SECRET });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('writes no channel’s key or secret in a log line, whether its messages go or fail', async () => {
    const admin = callerFor(t, await tokenOf(t));
    const add = async (kind: string, target: string, secret?: string) => {
      const created = await admin('POST', '/api/notifications/channels', {
        name: `${kind} ${target.length}`,
        kind,
        target,
        ...(secret ? { secret } : {}),
        language: 'en',
        ratePerMinute: 20,
        digestSeconds: 0,
        enabled: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      return (created.json() as { id: number }).id;
    };
    const channels = [
      await add('DINGTALK', receiver.urls.dingtalk, SECRET),
      await add('DINGTALK', receiver.urls.dingtalk, `${SECRET}-wrong`),
      await add('WEBHOOK', `${receiver.urls.broken}?key=${KEY}`, SECRET),
      await add('FEISHU', `http://127.0.0.1:${await closedPort()}/open-apis/bot/v2/hook/${KEY}`, SECRET),
    ];
    const states = [];
    for (const id of channels) {
      states.push((await admin('POST', `/api/notifications/channels/${id}/test`)).json().state);
      const rule = await admin('POST', '/api/notifications/rules', {
        event: 'FILTER_DUE',
        channelId: id,
        enabled: true,
      });
      expect(rule.statusCode, rule.body).toBe(201);
    }
    expect(states).toEqual(['SENT', 'FAILED', 'FAILED', 'FAILED']);
    await t.app.notifications.notify('FILTER_DUE', { agentId: null, says: { key: 'alarms.types.LEAK' } });
    t.clock.advance(1000);
    await t.app.scheduler.run('send-notifications');
    await t.app.tasks.idle('notification-delivery');
    const failures = (await admin('GET', '/api/notifications/deliveries?state=PENDING&size=50')).json().content;
    expect(failures.map((delivery: { error: string }) => delivery.error).sort()).toEqual([
      'HTTP 500',
      'could not connect (ECONNREFUSED)',
      'errcode 310000: sign not match',
    ]);
    const logged = t.logs.join('\n');
    expect(logged).toContain('notification not delivered');
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain(SECRET);
  });
});
