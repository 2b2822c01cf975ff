import { describe, expect, it } from 'vitest';
import { png, uploadAs } from '../../../test/file-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { userRow } from '../users/test-fixtures.ts';
import { heartbeat, machineInField, moved, technicianOf, technicianOfAgent } from './work-order-fixtures.ts';
import { createWorkOrdersService } from './workorders.service.ts';

const CHINESE = { 'accept-language': 'zh-CN' };

describe('work orders', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  const sweep = () => ctx.t.app.scheduler.run('work-orders-from-alarms');
  const ordersOf = async (as: Caller, machineId: number) => {
    const page = await as('GET', `/api/workOrders?machineId=${machineId}`);
    expect(page.statusCode, page.body).toBe(200);
    return page.json().content as { id: number; state: string; type: string; technicianId: number | null }[];
  };

  it('makes an assigned repair order of an alarm open past its delay, and none of one resolved within it', async () => {
    const { agent, machine, gateway } = await machineInField(ctx.t, admin);
    const technician = await technicianOfAgent(ctx.t, admin, agent);
    await heartbeat(gateway, { tdsOut: 20 });

    await heartbeat(gateway, { tdsOut: 90 });
    ctx.t.clock.advance(10_000);
    await sweep();
    expect(await ordersOf(admin, machine.id)).toEqual([]);
    ctx.t.clock.advance(21_000);
    await sweep();
    const [order, ...others] = await ordersOf(admin, machine.id);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ type: 'REPAIR', state: 'ASSIGNED', technicianId: technician.id });
    const detail = (await admin('GET', `/api/workOrders/${order?.id}`, undefined, CHINESE)).json();
    expect(detail.timeline.map((step: { event: string }) => step.event)).toEqual(['CREATE', 'ASSIGN']);
    expect(detail.timeline[1].note).toBe('已自动派给设备所在区域的技术员');

    const other = await machineInField(ctx.t, admin);
    await heartbeat(other.gateway, { tdsOut: 20 });
    await heartbeat(other.gateway, { tdsOut: 90 });
    ctx.t.clock.advance(10_000);
    await heartbeat(other.gateway, { tdsOut: 20 });
    ctx.t.clock.advance(60_000);
    await sweep();
    expect(await ordersOf(admin, other.machine.id)).toEqual([]);
  });

  it('links the alarms of a flapping machine to its one open repair order', async () => {
    const { machine, gateway } = await machineInField(ctx.t, admin);
    await heartbeat(gateway, { tdsOut: 20 });
    for (let flap = 0; flap < 3; flap++) {
      await heartbeat(gateway, { tdsOut: 90 });
      ctx.t.clock.advance(31_000);
      await sweep();
      await heartbeat(gateway, { tdsOut: 20 });
    }
    const orders = await ordersOf(admin, machine.id);
    expect(orders).toHaveLength(1);
    const detail = (await admin('GET', `/api/workOrders/${orders[0]?.id}`)).json();
    expect(detail.alarmIds).toHaveLength(3);
    expect(detail.state).toBe('CREATED');
  });

  it('keeps one open order per type and machine, refused in the console’s language', async () => {
    const { machine } = await machineInField(ctx.t, admin);
    const body = { machineIds: [machine.id], type: 'CLEANING', priority: 'LOW' };
    expect((await admin('POST', '/api/workOrders', body)).statusCode).toBe(201);
    const again = await admin('POST', '/api/workOrders', body, CHINESE);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WORK_ORDER_OPEN' });
    expect(again.json().message).toContain(`设备 ${machine.serialNo} 已有未完成的清洁工单`);
    const english = await admin('POST', '/api/workOrders', body);
    expect(english.json().message).toContain(`Machine ${machine.serialNo} already has an open Cleaning order`);
    const other = await admin('POST', '/api/workOrders', { ...body, type: 'INSPECTION' });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('creates the same order for a selection of machines, each assigned by region, the least busy first', async () => {
    const first = await machineInField(ctx.t, admin);
    const second = await machineInField(ctx.t, admin);
    const busy = await technicianOfAgent(ctx.t, admin, first.agent);
    const free = await technicianOf(ctx.t, admin, first.agent.deptId);
    const region = { agentId: null, siteIds: [first.site.id, second.site.id] };
    expect((await admin('PUT', `/api/workOrders/technicians/${free.id}/region`, region)).statusCode).toBe(204);
    // Equal loads: the lower id takes the first order; then the other one is the less busy.
    const created = await admin('POST', '/api/workOrders', {
      machineIds: [first.machine.id, second.machine.id],
      type: 'INSPECTION',
      priority: 'NORMAL',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [a] = await ordersOf(admin, first.machine.id);
    const [b] = await ordersOf(admin, second.machine.id);
    expect(a?.technicianId).toBe(Math.min(busy.id, free.id));
    expect(b?.technicianId).toBe(free.id);
    const technicians = (await admin('GET', '/api/workOrders/technicians')).json();
    expect(technicians).toContainEqual(
      expect.objectContaining({ userId: free.id, siteIds: region.siteIds, openOrders: busy.id < free.id ? 1 : 2 }),
    );
  });

  it('moves only as the state table and the caller allow', async () => {
    const { agent, machine } = await machineInField(ctx.t, admin);
    const technician = await technicianOfAgent(ctx.t, admin, agent);
    const created = await admin('POST', '/api/workOrders', {
      machineIds: [machine.id],
      type: 'REPAIR',
      priority: 'HIGH',
    });
    const [id] = created.json().ids;
    const me = technician.call;
    const early = await me('PUT', `/api/workOrders/${id}/state`, { event: 'START' }, CHINESE);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'ASSIGNED', event: 'START' });
    expect((await me('PUT', `/api/workOrders/${id}/state`, { event: 'CANCEL' })).statusCode).toBe(403);
    for (const event of ['ACCEPT', 'START', 'HOLD', 'RESUME']) await moved(me, id, event);
    const cancel = await admin('PUT', `/api/workOrders/${id}/state`, { event: 'CANCEL', note: 'duplicate' });
    expect(cancel.statusCode).toBe(204);
    const detail = (await me('GET', `/api/workOrders/${id}`)).json();
    expect(detail.state).toBe('CANCELLED');
    expect(detail.timeline.map((step: { toState: string }) => step.toState)).toEqual([
      'CREATED',
      'ASSIGNED',
      'ACCEPTED',
      'IN_PROGRESS',
      'ON_HOLD',
      'IN_PROGRESS',
      'CANCELLED',
    ]);
    const reopen = await admin('PUT', `/api/workOrders/${id}/state`, { event: 'REOPEN' });
    expect(reopen.statusCode).toBe(409);
  });

  it('shows a technician only their own orders, without money', async () => {
    const { agent, machine } = await machineInField(ctx.t, admin);
    const mine = await technicianOfAgent(ctx.t, admin, agent);
    const theirs = await technicianOf(ctx.t, admin, agent.deptId);
    await admin('POST', '/api/workOrders', { machineIds: [machine.id], type: 'REPAIR', priority: 'HIGH' });
    const created = await admin('POST', '/api/workOrders', {
      machineIds: [machine.id],
      type: 'CLEANING',
      priority: 'LOW',
      technicianId: theirs.id,
    });
    const [theirsId] = created.json().ids;
    const page = await mine.call('GET', '/api/workOrders?size=100');
    expect(page.statusCode).toBe(200);
    const rows = page.json().content as { technicianId: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.technicianId === mine.id)).toBe(true);
    expect(page.body).not.toMatch(/fen|price|amount/i);
    expect((await mine.call('GET', `/api/workOrders/${theirsId}`)).statusCode).toBe(404);
    expect((await mine.call('PUT', `/api/workOrders/${theirsId}/state`, { event: 'ACCEPT' })).statusCode).toBe(404);
    expect((await mine.call('GET', '/api/workOrders/technicians')).statusCode).toBe(403);
    expect(
      (await mine.call('POST', '/api/workOrders', { machineIds: [machine.id], type: 'REMOVAL', priority: 'LOW' }))
        .statusCode,
    ).toBe(403);
    expect((await mine.call('GET', '/api/orders')).statusCode).toBe(403);
  });

  it('completes with check-list, photos and readings; the next readings confirm it or reopen it once', async () => {
    const { agent, machine, gateway } = await machineInField(ctx.t, admin);
    const technician = await technicianOfAgent(ctx.t, admin, agent);
    await heartbeat(gateway, { tdsOut: 20 });
    const created = await admin('POST', '/api/workOrders', {
      machineIds: [machine.id],
      type: 'FILTER_CHANGE',
      priority: 'NORMAL',
    });
    const [id] = created.json().ids;
    const me = technician.call;
    for (const event of ['ACCEPT', 'START']) await moved(me, id, event);
    const photo = await uploadAs(ctx.t, technician.token, `/api/workOrders/${id}/photos`, 'filter.png', png());
    expect(photo.statusCode, photo.body).toBe(201);
    const { name } = photo.json();
    expect((await me('GET', `/api/workOrders/${id}/photos/${name}`)).statusCode).toBe(200);
    const completion = {
      checks: ['filtersReplaced', 'flushed'],
      photos: [name],
      tdsBefore: 120,
      parts: [],
      note: 'changed all stages',
    };
    const missing = await me('PUT', `/api/workOrders/${id}/completion`, completion, CHINESE);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ field: 'tdsAfter', message: '换滤芯需要填写更换后的 TDS' }),
    ]);
    const badCheck = await me('PUT', `/api/workOrders/${id}/completion`, {
      ...completion,
      tdsAfter: 8,
      checks: ['nozzle'],
    });
    expect(badCheck.statusCode).toBe(400);
    ctx.t.clock.advance(60_000);
    const done = await me('PUT', `/api/workOrders/${id}/completion`, { ...completion, tdsAfter: 8 });
    expect(done.statusCode, done.body).toBe(204);
    const serviced = (await admin('GET', `/api/workOrders/machines/${machine.id}/serviced`)).json();
    const detail = (await admin('GET', `/api/workOrders/${id}`)).json();
    expect(serviced.lastServiced).toBe(detail.doneTime);
    expect(detail).toMatchObject({ state: 'DONE', confirmed: false, completion: { ...completion, tdsAfter: 8 } });

    await heartbeat(gateway, { tdsOut: 9 });
    const confirmed = (await admin('GET', `/api/workOrders/${id}`, undefined, CHINESE)).json();
    expect(confirmed).toMatchObject({ state: 'DONE', confirmed: true });
    expect(confirmed.timeline.at(-1).note).toBe('设备读数确认已修复（出水 TDS 9 ppm）');

    const repair = await admin('POST', '/api/workOrders', {
      machineIds: [machine.id],
      type: 'REPAIR',
      priority: 'HIGH',
    });
    const [repairId] = repair.json().ids;
    for (const event of ['ACCEPT', 'START']) await moved(me, repairId, event);
    const finish = { checks: [], photos: [], parts: [] };
    expect((await me('PUT', `/api/workOrders/${repairId}/completion`, finish)).statusCode).toBe(204);
    await heartbeat(gateway, { tdsOut: 80 });
    const reopened = (await me('GET', `/api/workOrders/${repairId}`)).json();
    expect(reopened).toMatchObject({ state: 'ASSIGNED', technicianId: technician.id, doneTime: null });
    expect(reopened.timeline.at(-1)).toMatchObject({
      actor: 'system',
      event: 'REOPEN',
      note: 'Reopened: the machine’s readings after the work show TDS out 80 ppm',
    });
    for (const event of ['ACCEPT', 'START']) await moved(me, repairId, event);
    expect((await me('PUT', `/api/workOrders/${repairId}/completion`, finish)).statusCode).toBe(204);
    await heartbeat(gateway, { tdsOut: 85 });
    expect((await me('GET', `/api/workOrders/${repairId}`)).json()).toMatchObject({ state: 'DONE', confirmed: false });
    // The confirmed filter change was not reopened by the later readings.
    expect((await admin('GET', `/api/workOrders/${id}`)).json().state).toBe('DONE');
  });

  it('reassigns to a technician named, never to a user who cannot work orders', async () => {
    const { agent, machine } = await machineInField(ctx.t, admin);
    await technicianOfAgent(ctx.t, admin, agent);
    const created = await admin('POST', '/api/workOrders', {
      machineIds: [machine.id],
      type: 'RELOCATION',
      priority: 'LOW',
    });
    const [id] = created.json().ids;
    const other = await technicianOf(ctx.t, admin, agent.deptId);
    await moved(admin, id, 'ASSIGN', { technicianId: other.id });
    expect((await admin('GET', `/api/workOrders/${id}`)).json().technicianId).toBe(other.id);
    const { id: plainUser } = await userRow(ctx.t, 'test');
    const refused = await admin(
      'PUT',
      `/api/workOrders/${id}/state`,
      { event: 'ASSIGN', technicianId: plainUser },
      CHINESE,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({
        field: 'technicianId',
        message: `用户 ${plainUser} 不能处理工单：没有 workorder:work 权限`,
      }),
    ]);
  });

  it('raises assigned and reopened events for notifications', async () => {
    const { t } = ctx;
    const service = createWorkOrdersService(
      { db: t.database.db, clock: t.clock },
      {
        files: { save: async () => '', remove: async () => {}, send: async (reply) => reply },
        log: t.app.log,
        useParts: async () => [],
      },
    );
    const { agent, machine, gateway } = await machineInField(t, admin);
    const seen: string[] = [];
    service.events.assigned.on(async (_tx, event) => {
      if (event.machineId === machine.id) seen.push(`assigned ${event.orderId} ${event.technicianId}`);
    });
    service.events.reopened.on(async (_tx, event) => {
      if (event.machineId === machine.id) seen.push(`reopened ${event.orderId} ${event.by}`);
    });
    const technician = await technicianOfAgent(t, admin, agent);
    await heartbeat(gateway, { tdsOut: 20 });
    await heartbeat(gateway, { faultBits: 1 });
    t.clock.advance(31_000);
    expect(await service.fromAlarms.sweep()).toBeGreaterThan(0);
    const [order] = await ordersOf(admin, machine.id);
    expect(seen).toEqual([`assigned ${order?.id} ${technician.id}`]);
    for (const event of ['ACCEPT', 'START']) await moved(technician.call, order?.id as number, event);
    const finish = { checks: [], photos: [], parts: [] };
    expect((await technician.call('PUT', `/api/workOrders/${order?.id}/completion`, finish)).statusCode).toBe(204);
    await service.readingsReceived({ machineId: machine.id, tdsOut: 300 });
    expect(seen).toEqual([`assigned ${order?.id} ${technician.id}`, `reopened ${order?.id} system`]);
  });
});

describe('the delays of alarms’ repair orders, as the global settings set them', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  const sweep = () => ctx.t.app.scheduler.run('work-orders-from-alarms');
  const ordersOf = async (machineId: number) =>
    (await admin('GET', `/api/workOrders?machineId=${machineId}`)).json().content as { id: number; type: string }[];

  it('waits the delay set for the alarm’s type, and makes no order of a type switched off', async () => {
    const saved = await admin('PUT', '/api/global/setting', { alarmOrderDelays: { TDS_HIGH: 120, LEAK: null } });
    expect(saved.statusCode, saved.body).toBe(204);
    const refused = await admin('PUT', '/api/global/setting', { alarmOrderDelays: { TDS_HIGH: 3601, NOISE: 5 } });
    expect(refused.statusCode).toBe(400);

    const { machine, gateway } = await machineInField(ctx.t, admin);
    await heartbeat(gateway, { tdsOut: 20 });
    await heartbeat(gateway, { tdsOut: 90, faultBits: 1 });
    ctx.t.clock.advance(60_000);
    await sweep();
    expect(await ordersOf(machine.id)).toEqual([]);
    ctx.t.clock.advance(61_000);
    await sweep();
    // The TDS alarm made the order; the leak, switched off, made none (nor joined it).
    const orders = await ordersOf(machine.id);
    expect(orders).toEqual([expect.objectContaining({ type: 'REPAIR' })]);
    const [order] = orders;
    const detail = (await admin('GET', `/api/workOrders/${order?.id}`)).json();
    const alarms = (await admin('GET', `/api/alarms?machineId=${machine.id}`)).json().content as {
      id: number;
      type: string;
    }[];
    const tds = alarms.find((alarm) => alarm.type === 'TDS_HIGH');
    expect(detail.alarmIds).toEqual([tds?.id]);
  });
});
