import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, flatPrice, unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
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
    expect(receiver.of('wecom')).toHaveLength(1);
    const text = receiver.of('wecom')[0]?.text ?? '';
    expect(text).toContain('提现申请：1 笔');
    expect(text).toContain(`${north.name} 申请提现 15.00 元（${withdrawalNo}）`);
  });
});
