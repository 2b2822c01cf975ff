import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, flatPrice, machineModel, siteOf, unique } from '../../../test/business-fixtures.ts';
import { type Caller, callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { allocatedMachines } from '../firmware/firmware-test-fixtures.ts';
import { menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';
import { coinSale, sellingMachineOf, withdrawingAgent } from '../withdrawals/test-fixtures.ts';
import { startRobotReceiver } from './robot-receiver.ts';

const KEY = 'eventkey-2d9c4b71a0e3';

describe('events other modules raise', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let receiver: Awaited<ReturnType<typeof startRobotReceiver>>;
  beforeAll(async () => {
    receiver = await startRobotReceiver({ key: KEY, secret: 'unused-secret' });
  });
  afterAll(() => receiver.close());

  it('sends a withdrawal requested to the rules of its agent (or a parent), in the channel’s language', async () => {
    await flatPrice(admin, 1000);
    const terms = await admin('PUT', '/api/global/setting', {
      withdrawalMinimum: 1000,
      withdrawalFeeFixed: 50,
      withdrawalFeePercent: '1',
    });
    expect(terms.statusCode, terms.body).toBe(204);
    const north = await withdrawingAgent(admin, unique('North '));
    const other = await activeAgent(admin, unique('Other '));
    await coinSale(await sellingMachineOf(ctx.t, admin, north.id));
    const channel = await admin('POST', '/api/notifications/channels', {
      name: 'Finance group',
      kind: 'WECOM',
      target: receiver.urls.wecom,
      language: 'zh',
      ratePerMinute: 20,
      digestSeconds: 10,
      enabled: true,
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const channelId = channel.json().id as number;
    for (const agentId of [north.id, other.id]) {
      const rule = await admin('POST', '/api/notifications/rules', {
        event: 'WITHDRAWAL_REQUESTED',
        agentId,
        channelId,
        enabled: true,
      });
      expect(rule.statusCode, rule.body).toBe(201);
    }

    const requested = await admin('POST', '/api/withdrawals', { agentId: north.id, amount: 1500, note: 'Monthly' });
    expect(requested.statusCode, requested.body).toBe(201);
    const { withdrawalNo } = requested.json() as { withdrawalNo: string };
    ctx.t.clock.advance(11_000);
    await ctx.t.app.scheduler.run('send-notifications');
    await ctx.t.app.tasks.idle('notification-delivery');
    expect(receiver.of('wecom')).toHaveLength(1);
    const text = receiver.of('wecom')[0]?.text ?? '';
    expect(text).toContain('提现申请：1 笔');
    expect(text).toContain(`${north.name} 申请提现 15.00 元（${withdrawalNo}）`);
  });

  it('lets staff whose data scope is one agent keep only that agent’s rules', async () => {
    const north = await activeAgent(admin, unique('Scoped north '));
    const other = await activeAgent(admin, unique('Scoped other '));
    const name = unique('Notify scoped ');
    const role = await admin('POST', '/api/roles', { name, level: 3, description: 'For tests', dataScope: '本级' });
    expect(role.statusCode, role.body).toBe(201);
    const id = await roleId(ctx.t, name);
    const menus = await menuIdsFor(ctx.t, ['notify:list', 'notify:edit']);
    expect((await admin('PUT', '/api/roles/menu', { id, menus })).statusCode).toBe(204);
    const body = userBody(north.deptId, id, { password: 'Passw0rd-1' });
    expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
    const scoped = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Passw0rd-1'));

    const channelId = (await admin('GET', '/api/notifications/channels?size=1')).json().content[0].id as number;
    const othersRule = await admin('POST', '/api/notifications/rules', {
      event: 'ALARM_OPENED',
      agentId: other.id,
      channelId,
      enabled: true,
    });
    expect(othersRule.statusCode).toBe(201);
    const ruleFor = (agentId: number | null) =>
      scoped('POST', '/api/notifications/rules', { event: 'ALARM_OPENED', agentId, channelId, enabled: true });
    const outside = await ruleFor(other.id);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0]).toMatchObject({ field: 'agentId' });
    expect((await ruleFor(null)).statusCode).toBe(400);
    expect((await ruleFor(north.id)).statusCode).toBe(201);
    const seen = (await scoped('GET', '/api/notifications/rules?size=100')).json().content as { agentId: number }[];
    expect(seen.map((rule) => rule.agentId)).toEqual([north.id]);
    expect((await scoped('DELETE', `/api/notifications/rules/${othersRule.json().id}`)).statusCode).toBe(404);
  });

  it('sends 200 machines found offline by one check as one digest per channel, within a minute', async () => {
    const { id: modelId } = await machineModel(admin);
    const machines = await allocatedMachines(admin, modelId, 200);
    const [{ agentId }] = (await admin('GET', `/api/machines?serialNo=${machines[0]?.serialNo}`)).json().content;
    const site = await siteOf(admin, agentId);
    for (const machine of machines) {
      const installed = await admin('PUT', `/api/machines/${machine.id}/lifecycle`, {
        action: 'INSTALL',
        siteId: site.id,
      });
      expect(installed.statusCode, installed.body).toBe(200);
    }
    const channels = [];
    for (const [kind, target] of [
      ['WECOM', receiver.urls.wecom],
      ['WEBHOOK', receiver.urls.webhook],
    ]) {
      const channel = await admin('POST', '/api/notifications/channels', {
        name: unique(`${kind} fleet `),
        kind,
        target,
        secret: kind === 'WEBHOOK' ? 'unused-secret' : undefined,
        language: 'en',
        ratePerMinute: 20,
        digestSeconds: 10,
        enabled: true,
      });
      expect(channel.statusCode, channel.body).toBe(201);
      channels.push(channel.json().id as number);
      const rule = await admin('POST', '/api/notifications/rules', {
        event: 'MACHINE_OFFLINE',
        agentId,
        channelId: channel.json().id,
        enabled: true,
      });
      expect(rule.statusCode, rule.body).toBe(201);
    }
    const before = { wecom: receiver.of('wecom').length, webhook: receiver.of('webhook').length };

    ctx.t.clock.advance(10 * 60_000);
    await ctx.t.app.scheduler.run('offline-check');
    for (let second = 0; second < 60; second += 5) {
      ctx.t.clock.advance(5_000);
      await ctx.t.app.scheduler.run('send-notifications');
      await ctx.t.app.tasks.idle('notification-delivery');
    }
    expect(receiver.of('wecom')).toHaveLength(before.wecom + 1);
    expect(receiver.of('webhook')).toHaveLength(before.webhook + 1);
    expect(receiver.of('wecom').at(-1)?.text).toContain('Machines went offline: 200');
    expect(receiver.of('webhook').at(-1)?.text).toContain('… and 190 more');
  }, 180_000);
});
