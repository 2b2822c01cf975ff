import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, machineModel, operatingMachine, siteOf, unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { appTasks } from '../../db/infrastructure.schema.ts';
import { startRobotReceiver } from './robot-receiver.ts';

const KEY = 'robotkey-7f3a9c21d4e8';
const SECRET = 'SECd6b1e0f4a2c95b7e3d8a61f0c4b2e9d7';

type Receiver = Awaited<ReturnType<typeof startRobotReceiver>>;

describe('notifications', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startRobotReceiver({ key: KEY, secret: SECRET });
  });
  afterAll(() => receiver.close());

  const send = async () => {
    await ctx.t.app.scheduler.run('send-notifications');
    await ctx.t.app.tasks.idle('notification-delivery');
  };
  const later = async (ms: number) => {
    ctx.t.clock.advance(ms);
    await send();
  };
  async function channel(kind: string, target: string, extra: object = {}) {
    const created = await admin('POST', '/api/notifications/channels', {
      name: unique(`${kind} `),
      kind,
      target,
      language: 'en',
      ratePerMinute: 20,
      digestSeconds: 10,
      enabled: true,
      ...extra,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: number; name: string; target: string; secretSet: boolean };
  }
  async function rule(event: string, channelId: number, extra: object = {}) {
    const created = await admin('POST', '/api/notifications/rules', { event, channelId, enabled: true, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: number };
  }
  const deliveriesOf = async (channelId: number) =>
    (await admin('GET', `/api/notifications/deliveries?channelId=${channelId}&size=100`)).json().content as {
      state: string;
      attempts: number;
      itemCount: number;
      error: string | null;
      subject: string;
      escalation: boolean;
    }[];
  const removeRule = (id: number) => admin('DELETE', `/api/notifications/rules/${id}`);

  it('tests each robot with its own format and signature, and shows the result', async () => {
    const robots = [
      await channel('WECOM', receiver.urls.wecom),
      await channel('DINGTALK', receiver.urls.dingtalk, { secret: SECRET }),
      await channel('FEISHU', receiver.urls.feishu, { secret: SECRET, language: 'zh' }),
      await channel('WEBHOOK', receiver.urls.webhook, { secret: SECRET }),
    ];
    for (const robot of robots) {
      const tested = await admin('POST', `/api/notifications/channels/${robot.id}/test`);
      expect(tested.statusCode, tested.body).toBe(200);
      expect(tested.json()).toMatchObject({ state: 'SENT', attempts: 1, events: 'TEST', error: null });
    }
    expect(receiver.of('wecom').at(-1)?.text).toContain('Test message from the water console');
    expect(receiver.of('dingtalk')).toHaveLength(1);
    expect(receiver.of('feishu').at(-1)?.text).toContain('净水机管理后台测试消息');
    expect(receiver.of('webhook')).toHaveLength(1);

    // A robot that refuses the message (its signature does not match): failed, with its errcode.
    const wrong = await channel('DINGTALK', receiver.urls.dingtalk, { secret: 'SECnot-the-robots-secret-0000' });
    const refused = (await admin('POST', `/api/notifications/channels/${wrong.id}/test`)).json();
    expect(refused).toMatchObject({ state: 'FAILED', attempts: 1, error: 'errcode 310000: sign not match' });
  });

  it('never answers a channel’s key or secret, only a masked address', async () => {
    const made = await channel('DINGTALK', receiver.urls.dingtalk, { secret: SECRET });
    expect(made.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/….{4}$/);
    expect(made.target).not.toContain(KEY);
    expect(made.secretSet).toBe(true);
    // A change that leaves the address and secret out keeps them.
    const edited = await admin('PUT', `/api/notifications/channels/${made.id}`, {
      name: `${made.name} 2`,
      kind: 'DINGTALK',
      language: 'zh',
      ratePerMinute: 10,
      digestSeconds: 5,
      enabled: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await admin('POST', `/api/notifications/channels/${made.id}/test`)).json().state).toBe('SENT');
    await admin('GET', '/api/notifications/channels?size=100');
    await admin('GET', '/api/notifications/deliveries?size=100');
    // The operation log keeps what each change sent, the channel's address and secret masked.
    const operations = await admin('GET', '/api/logs?page=0&size=50');
    expect(operations.body).toContain('/api/notifications/channels');
    const answered = ctx.t.bodies.join('\n');
    expect(answered).not.toContain(KEY);
    expect(answered).not.toContain(SECRET);
  });

  it('sends 200 machines going offline together as one digest per channel', async () => {
    const wecom = await channel('WECOM', receiver.urls.wecom);
    const feishu = await channel('FEISHU', receiver.urls.feishu, { secret: SECRET });
    const rules = [await rule('MACHINE_OFFLINE', wecom.id), await rule('MACHINE_OFFLINE', feishu.id)];
    const before = { wecom: receiver.of('wecom').length, feishu: receiver.of('feishu').length };
    for (let n = 1; n <= 200; n += 1) {
      await ctx.t.app.notifications.notify('MACHINE_OFFLINE', {
        agentId: null,
        says: {
          key: 'notifications.message.alarm',
          values: { machine: `WM-${n}`, type: { key: 'alarms.types.OFFLINE' }, detail: 'silent' },
        },
      });
    }
    await later(5_000);
    expect(receiver.of('wecom')).toHaveLength(before.wecom);
    await later(6_000);
    expect(receiver.of('wecom')).toHaveLength(before.wecom + 1);
    expect(receiver.of('feishu')).toHaveLength(before.feishu + 1);
    const digest = receiver.of('wecom').at(-1)?.text ?? '';
    expect(digest).toContain('Machines went offline: 200');
    expect(digest).toContain('WM-1: Offline, silent');
    expect(digest).toContain('WM-10: Offline');
    expect(digest).not.toContain('WM-11:');
    expect(digest).toContain('… and 190 more');
    expect(await deliveriesOf(wecom.id)).toEqual([expect.objectContaining({ state: 'SENT', itemCount: 200 })]);
    for (const made of rules) await removeRule(made.id);
  });

  it('keeps a channel within its messages a minute, gathering what waits into one message', async () => {
    const wecom = await channel('WECOM', receiver.urls.wecom, { digestSeconds: 0 });
    const made = await rule('ALARM_OPENED', wecom.id);
    const before = receiver.of('wecom').length;
    for (let n = 1; n <= 25; n += 1) {
      await ctx.t.app.notifications.notify('ALARM_OPENED', { agentId: null, says: { key: 'alarms.types.LEAK' } });
      await later(1_000);
    }
    expect(receiver.of('wecom').length - before).toBe(20);
    await later(60_000);
    expect(receiver.of('wecom').length - before).toBe(21);
    const log = await deliveriesOf(wecom.id);
    expect(log[0]).toMatchObject({ state: 'SENT', itemCount: 5 });
    await removeRule(made.id);
  });

  it('retries a failed message after 1, 2 and 4 minutes, then gives it up, logging each attempt', async () => {
    const broken = await channel('WEBHOOK', receiver.urls.broken);
    const made = await rule('ALARM_OPENED', broken.id);
    await ctx.t.app.notifications.notify('ALARM_OPENED', { agentId: null, says: { key: 'alarms.types.LEAK' } });
    await later(11_000);
    expect(await deliveriesOf(broken.id)).toEqual([
      expect.objectContaining({ state: 'PENDING', attempts: 1, error: 'HTTP 500' }),
    ]);
    await later(30_000);
    expect((await deliveriesOf(broken.id))[0]?.attempts).toBe(1);
    for (const wait of [30_000, 120_000, 240_000]) await later(wait);
    expect(await deliveriesOf(broken.id)).toEqual([expect.objectContaining({ state: 'FAILED', attempts: 4 })]);
    await later(600_000);
    expect(receiver.of('broken')).toHaveLength(4);
    // Each attempt was a task of the durable queue, done once it logged its outcome.
    const [given] = (await admin('GET', `/api/notifications/deliveries?channelId=${broken.id}`)).json().content;
    const tasks = await ctx.t.database.db
      .select({ state: appTasks.state, payload: appTasks.payload })
      .from(appTasks)
      .where(and(eq(appTasks.kind, 'notification-delivery'), eq(appTasks.subjectId, given.id)))
      .orderBy(asc(appTasks.id));
    expect(tasks).toEqual(
      [1, 2, 3, 4].map((attempt) => ({ state: 'DONE', payload: { deliveryId: given.id, attempt } })),
    );
    await removeRule(made.id);
  });

  it('escalates an alarm not acknowledged in time, once; an acknowledged one not', async () => {
    const first = await channel('WECOM', receiver.urls.wecom);
    const escalation = await channel('WEBHOOK', receiver.urls.webhook, { secret: SECRET });
    const agent = await activeAgent(admin, unique('Notify agent '));
    const made = await rule('MACHINE_OFFLINE', first.id, {
      agentId: agent.id,
      escalationChannelId: escalation.id,
      escalateAfterMinutes: 15,
    });
    const { id: modelId } = await machineModel(admin);
    const site = await siteOf(admin, agent.id);
    const silent = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
    const answered = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
    const before = { wecom: receiver.of('wecom').length, webhook: receiver.of('webhook').length };

    ctx.t.clock.advance(10 * 60_000);
    await ctx.t.app.scheduler.run('offline-check');
    await later(11_000);
    expect(receiver.of('wecom')).toHaveLength(before.wecom + 1);
    expect(receiver.of('wecom').at(-1)?.text).toContain(silent.serialNo);
    const alarms = (await admin('GET', `/api/alarms?machineId=${answered.id}`)).json().content as { id: number }[];
    const acknowledged = await admin('PUT', '/api/alarms', {
      ids: alarms.map((alarm) => alarm.id),
      action: 'ACKNOWLEDGE',
    });
    expect(acknowledged.statusCode, acknowledged.body).toBeLessThan(300);

    await later(14 * 60_000);
    expect(receiver.of('webhook')).toHaveLength(before.webhook);
    await later(60_000);
    await later(11_000);
    expect(receiver.of('webhook')).toHaveLength(before.webhook + 1);
    const escalated = receiver.of('webhook').at(-1)?.text ?? '';
    expect(escalated).toContain('Not acknowledged after 15 min');
    expect(escalated).toContain(silent.serialNo);
    expect(escalated).not.toContain(answered.serialNo);
    await later(30 * 60_000);
    expect(receiver.of('webhook')).toHaveLength(before.webhook + 1);
    expect(await deliveriesOf(escalation.id)).toEqual([expect.objectContaining({ escalation: true, itemCount: 1 })]);
    await removeRule(made.id);
  });

  it('refuses bad channels and rules in the error format, and callers without the permission', async () => {
    const badUrl = await admin('POST', '/api/notifications/channels', {
      name: 'Bad',
      kind: 'WECOM',
      target: 'ftp://example.com/x',
      language: 'zh',
      ratePerMinute: 20,
      digestSeconds: 10,
      enabled: true,
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors[0]).toMatchObject({ field: 'target' });
    const mail = await channel('EMAIL', 'ops@example.com, duty@example.com');
    const noEscalation = await admin('POST', '/api/notifications/rules', {
      event: 'WITHDRAWAL_REQUESTED',
      channelId: mail.id,
      escalationChannelId: mail.id,
      escalateAfterMinutes: 5,
      enabled: true,
    });
    expect(noEscalation.statusCode).toBe(400);
    const used = await rule('FILTER_DUE', mail.id);
    expect((await admin('DELETE', `/api/notifications/channels/${mail.id}`)).statusCode).toBe(400);
    await removeRule(used.id);
    expect((await admin('DELETE', `/api/notifications/channels/${mail.id}`)).statusCode).toBe(200);
    expect((await ctx.user('GET', '/api/notifications/channels')).statusCode).toBe(403);
    expect((await ctx.user('GET', '/api/notifications/deliveries')).statusCode).toBe(403);
  });

  it('sends e-mail through the mailer', async () => {
    const mail = await channel('EMAIL', 'ops@example.com');
    const tested = (await admin('POST', `/api/notifications/channels/${mail.id}/test`)).json();
    expect(tested.state).toBe('SENT');
    expect(ctx.t.mails.at(-1)).toMatchObject({ to: 'ops@example.com', subject: 'Test message from the water console' });
  });
});
