import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { startRobotReceiver } from '../notifications/robot-receiver.ts';
import { menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';
import { machineInField, moved, technicianOfAgent } from './work-order-fixtures.ts';

const CHINESE = { 'accept-language': 'zh-CN' };
const MINUTE = 60_000;
const SECRET = 'SECa4c8e2f6b1d93e7a5c0f4b8d2e6a1c9';

describe('SLA', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let receiver: Awaited<ReturnType<typeof startRobotReceiver>>;
  beforeAll(async () => {
    receiver = await startRobotReceiver({ key: 'slakey-5e1c7a93b2d4', secret: SECRET });
  });
  afterAll(() => receiver.close());

  const sweep = () => ctx.t.app.scheduler.run('sla-breaches');
  const later = async (ms: number) => {
    ctx.t.clock.advance(ms);
    await ctx.t.app.scheduler.run('send-notifications');
    await ctx.t.app.tasks.idle('notification-delivery');
  };
  async function channel(kind: 'wecom' | 'webhook', language = 'en') {
    const created = await admin('POST', '/api/notifications/channels', {
      name: `SLA ${kind} ${Math.random().toString(36).slice(2, 8)}`,
      kind: kind === 'wecom' ? 'WECOM' : 'WEBHOOK',
      target: receiver.urls[kind],
      language,
      ratePerMinute: 20,
      digestSeconds: 10,
      enabled: true,
      ...(kind === 'webhook' ? { secret: SECRET } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  }
  async function orderOf(machineId: number, extra: object = {}) {
    const made = await admin('POST', '/api/workOrders', {
      machineIds: [machineId],
      type: 'REPAIR',
      priority: 'NORMAL',
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().ids[0] as number;
  }
  /** Signs the administrator in again after the clock moved past the session's life. */
  const signInAgain = async () => {
    ctx.admin = callerFor(ctx.t, await tokenOf(ctx.t));
  };
  beforeEach(signInAgain);
  const slaOf = async (id: number) => {
    const answer = await admin('GET', `/api/workOrders/${id}/sla`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  it('tells the order’s agent of an order assigned, naming machine, technician and type', async () => {
    const { agent, machine } = await machineInField(ctx.t, admin);
    const technician = await technicianOfAgent(ctx.t, admin, agent);
    const channelId = await channel('wecom', 'zh');
    const rule = await admin('POST', '/api/notifications/rules', {
      event: 'WORK_ORDER_ASSIGNED',
      agentId: agent.id,
      channelId,
      enabled: true,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const before = receiver.of('wecom').length;
    const id = await orderOf(machine.id, { type: 'CLEANING' });
    await later(11_000);
    expect(receiver.of('wecom')).toHaveLength(before + 1);
    const nickName = (await admin('GET', '/api/workOrders/technicians'))
      .json()
      .find((row: { userId: number }) => row.userId === technician.id).nickName;
    expect(receiver.of('wecom').at(-1)?.text).toContain(`${machine.serialNo} 的工单 #${id}（清洁）已派给 ${nickName}`);
  });

  it('pauses the clocks while the order is on hold and stops the response when accepted', async () => {
    const { agent, machine } = await machineInField(ctx.t, admin);
    const technician = await technicianOfAgent(ctx.t, admin, agent);
    const id = await orderOf(machine.id, { priority: 'URGENT' });
    ctx.t.clock.advance(10 * MINUTE);
    await moved(technician.call, id, 'ACCEPT');
    await moved(technician.call, id, 'START');
    ctx.t.clock.advance(20 * MINUTE);
    await moved(technician.call, id, 'HOLD');
    ctx.t.clock.advance(2 * 60 * MINUTE);
    await sweep();
    const held = await slaOf(id);
    expect(held).toMatchObject({ paused: true, businessHours: false });
    expect(held.response).toMatchObject({ targetMinutes: 30, elapsedMinutes: 10, breached: false, due: null });
    expect(held.response.stopped).not.toBeNull();
    expect(held.resolution).toMatchObject({ targetMinutes: 240, elapsedMinutes: 30, breached: false, due: null });
    await moved(technician.call, id, 'RESUME');
    const resumed = await slaOf(id);
    expect(resumed.paused).toBe(false);
    expect(resumed.resolution.due).not.toBeNull();
    // A technician reads the clocks of their own order.
    expect((await technician.call('GET', `/api/workOrders/${id}/sla`)).statusCode).toBe(200);
  });

  it('keeps targets per type and priority, with business hours, and reports attainment per technician', async () => {
    const defaults = (await admin('GET', '/api/sla/targets')).json();
    expect(defaults.targets).toHaveLength(28);
    expect(defaults.businessHours).toEqual({ days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' });
    const saved = await admin('PUT', '/api/sla/targets', {
      targets: [
        { type: 'INSPECTION', priority: 'LOW', responseMinutes: 15, resolutionMinutes: 60, businessHours: false },
      ],
      businessHours: { days: [1, 2, 3, 4, 5, 6], from: '08:00', to: '20:00' },
    });
    expect(saved.statusCode, saved.body).toBe(204);
    const after = (await admin('GET', '/api/sla/targets')).json();
    expect(after.targets).toContainEqual({
      type: 'INSPECTION',
      priority: 'LOW',
      responseMinutes: 15,
      resolutionMinutes: 60,
      businessHours: false,
    });
    expect(after.businessHours.days).toEqual([1, 2, 3, 4, 5, 6]);
    const empty = await admin(
      'PUT',
      '/api/sla/targets',
      { targets: [], businessHours: { days: [1], from: '09:00', to: '09:00' } },
      CHINESE,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: 'businessHours.to' });
    expect(empty.json().message).toContain('工作时间的结束时间不能与开始时间相同');
    expect((await admin('GET', '/api/sla/targets')).json().businessHours.to).toBe('20:00');
    // A night shift: hours that end before they start run into the next morning.
    const night = { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' };
    expect((await admin('PUT', '/api/sla/targets', { targets: [], businessHours: night })).statusCode).toBe(204);
    expect((await admin('GET', '/api/sla/targets')).json().businessHours).toEqual(night);
    await admin('PUT', '/api/sla/targets', { targets: [], businessHours: after.businessHours });

    const { agent, site, machine } = await machineInField(ctx.t, admin);
    const technician = await technicianOfAgent(ctx.t, admin, agent);
    const late = await orderOf(machine.id, { type: 'INSPECTION', priority: 'LOW' });
    ctx.t.clock.advance(20 * MINUTE);
    await moved(technician.call, late, 'ACCEPT');
    await moved(technician.call, late, 'START');
    const done = await technician.call('PUT', `/api/workOrders/${late}/completion`, {
      checks: [],
      photos: [],
      parts: [],
    });
    expect(done.statusCode, done.body).toBe(204);

    const day = ctx.t.clock.now();
    const today = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const report = await admin('GET', `/api/sla/report?from=${today}&to=${today}&by=technician`);
    expect(report.statusCode, report.body).toBe(200);
    const row = report.json().find((line: { id: number }) => line.id === technician.id);
    expect(row).toMatchObject({
      orders: 1,
      responseMet: '0.00',
      resolutionMet: '100.00',
      avgResponseMinutes: 20,
      avgResolutionMinutes: 20,
      breaches: 1,
    });
    const byAgent = (await admin('GET', `/api/sla/report?from=${today}&to=${today}&by=agent`)).json();
    expect(byAgent.find((line: { id: number }) => line.id === agent.id)).toMatchObject({ orders: 1 });
    // The reports show the same attainment for the machine's agent, site and the machine itself.
    for (const [by, id] of [
      ['agent', agent.id],
      ['site', site.id],
      ['machine', machine.id],
    ] as const) {
      const figures = await admin('GET', `/api/reports?period=DAY&from=${today}&to=${today}&by=${by}`);
      expect(figures.statusCode, figures.body).toBe(200);
      const line = figures.json().rows.find((candidate: { key: string }) => candidate.key === String(id));
      expect(line, by).toMatchObject({ slaResponseMet: '0.00', slaResolutionMet: '100.00' });
    }
    const file = await admin('GET', `/api/sla/report/download?from=${today}&to=${today}&by=region`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');

    const backwards = await admin('GET', `/api/sla/report?from=${today}&to=2020-01-01&by=agent`, undefined, CHINESE);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('结束日期不能早于开始日期');
    // A technician holds no sla:list.
    expect((await technician.call('GET', `/api/sla/report?from=${today}&to=${today}&by=agent`)).statusCode).toBe(403);
  });

  it('shows an agent’s staff the orders of their agent only', async () => {
    const north = await machineInField(ctx.t, admin);
    const south = await machineInField(ctx.t, admin);
    await orderOf(north.machine.id);
    await orderOf(south.machine.id);
    const name = `SLA scoped ${Math.random().toString(36).slice(2, 8)}`;
    const role = await admin('POST', '/api/roles', { name, level: 3, description: 'For tests', dataScope: '本级' });
    expect(role.statusCode, role.body).toBe(201);
    const id = await roleId(ctx.t, name);
    const menus = await menuIdsFor(ctx.t, ['sla:list']);
    expect((await admin('PUT', '/api/roles/menu', { id, menus })).statusCode).toBe(204);
    const body = userBody(north.agent.deptId, id, { password: 'Passw0rd-1' });
    expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
    const scoped = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Passw0rd-1'));
    const day = ctx.t.clock.now();
    const today = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const report = await scoped('GET', `/api/sla/report?from=${today}&to=${today}&by=agent`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().map((line: { id: number }) => line.id)).toEqual([north.agent.id]);
  });

  it('fires each breach stage once: the response, then the resolution with an alarm that escalates once', async () => {
    const { agent, machine } = await machineInField(ctx.t, admin);
    const first = await channel('wecom');
    const escalation = await channel('webhook');
    const rule = await admin('POST', '/api/notifications/rules', {
      event: 'SLA_BREACHED',
      agentId: agent.id,
      channelId: first,
      escalationChannelId: escalation,
      escalateAfterMinutes: 15,
      enabled: true,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const id = await orderOf(machine.id);
    const before = { wecom: receiver.of('wecom').length, webhook: receiver.of('webhook').length };

    ctx.t.clock.advance(4 * 60 * MINUTE - MINUTE);
    await sweep();
    await signInAgain();
    expect((await slaOf(id)).response).toMatchObject({ targetMinutes: 240, elapsedMinutes: 239, breached: false });
    ctx.t.clock.advance(2 * MINUTE);
    await sweep();
    await sweep();
    await later(11_000);
    expect(receiver.of('wecom')).toHaveLength(before.wecom + 1);
    expect(receiver.of('wecom').at(-1)?.text).toContain(
      `Work order #${id} (Repair) of ${machine.serialNo} not accepted`,
    );

    ctx.t.clock.advance(20 * 60 * MINUTE);
    await sweep();
    await sweep();
    await later(11_000);
    await signInAgain();
    expect(receiver.of('wecom')).toHaveLength(before.wecom + 2);
    expect(receiver.of('wecom').at(-1)?.text).toContain('not done within its SLA');
    const alarms = (await admin('GET', `/api/alarms?machineId=${machine.id}`, undefined, CHINESE)).json().content;
    expect(alarms).toMatchObject([{ type: 'SLA_BREACH', state: 'OPEN' }]);

    await later(16 * MINUTE);
    await later(11_000);
    expect(receiver.of('webhook')).toHaveLength(before.webhook + 1);
    expect(receiver.of('webhook').at(-1)?.text).toContain('Not acknowledged after 15 min');
    await sweep();
    await later(60 * MINUTE);
    await later(11_000);
    expect(receiver.of('webhook')).toHaveLength(before.webhook + 1);
    expect(receiver.of('wecom')).toHaveLength(before.wecom + 2);
  });
});
