import { describe, expect, it } from 'vitest';
import { unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { machineInField, moved, technicianOfAgent } from '../workorders/work-order-fixtures.ts';

const CHINESE = { 'accept-language': 'zh-CN' };

describe('parts and stock', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);

  async function created(url: string, body: object) {
    const response = await admin('POST', url, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const newPart = (reorderPoint = 0) =>
    created('/api/parts', {
      code: unique('RO-'),
      name: 'RO membrane 400G',
      kind: 'FILTER',
      stage: 'RO',
      unit: 'pc',
      reorderPoint,
    });
  const newWarehouse = () => created('/api/warehouses', { name: unique('Depot '), address: 'Gate 3' });
  const warehouseOf = (id: number) => ({ kind: 'WAREHOUSE', id });
  const technicianHolder = (id: number) => ({ kind: 'TECHNICIAN', id });
  async function held(partId: number) {
    const lines = (await admin('GET', `/api/stock?partId=${partId}`)).json() as {
      holderKind: string;
      holderId: number;
      quantity: number;
    }[];
    return Object.fromEntries(lines.map((line) => [`${line.holderKind}:${line.holderId}`, line.quantity]));
  }
  async function technician() {
    const { agent, machine } = await machineInField(ctx.t, admin);
    return { machine, technician: await technicianOfAgent(ctx.t, admin, agent) };
  }

  it('moves stock between holders, every change a movement, and never below zero', async () => {
    const part = await newPart();
    const depot = await newWarehouse();
    const { technician: tech } = await technician();
    await created('/api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 5 });
    const moved3 = await created('/api/stock/transfer', {
      partId: part.id,
      from: warehouseOf(depot.id),
      to: technicianHolder(tech.id),
      quantity: 3,
    });
    expect(moved3).toMatchObject({
      kind: 'TRANSFER',
      code: part.code,
      fromName: depot.name,
      toId: tech.id,
      quantity: 3,
    });
    expect(await held(part.id)).toEqual({ [`WAREHOUSE:${depot.id}`]: 2, [`TECHNICIAN:${tech.id}`]: 3 });

    const tooMany = await admin(
      'POST',
      '/api/stock/transfer',
      { partId: part.id, from: technicianHolder(tech.id), to: warehouseOf(depot.id), quantity: 4 },
      CHINESE,
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'STOCK_SHORT' });
    expect(tooMany.json().message).toContain(`只有配件 ${part.code} 3 个，少于所需的 4 个`);
    const english = await admin('POST', '/api/stock/adjust', {
      partId: part.id,
      holder: warehouseOf(depot.id),
      change: -3,
      note: 'counted',
    });
    expect(english.statusCode).toBe(409);
    expect(english.json().message).toBe(`${depot.name} holds 2 of part ${part.code}, fewer than the 3 asked for`);
    await created('/api/stock/adjust', { partId: part.id, holder: warehouseOf(depot.id), change: -2, note: 'broken' });
    expect(await held(part.id)).toEqual({ [`TECHNICIAN:${tech.id}`]: 3 });

    const history = (await admin('GET', `/api/stock/movements?partId=${part.id}&page=0&size=10`)).json();
    expect(history.content.map((m: { kind: string; quantity: number }) => `${m.kind} ${m.quantity}`)).toEqual([
      'ADJUST -2',
      'TRANSFER 3',
      'RECEIVE 5',
    ]);
    expect(history.content[0]).toMatchObject({ createBy: 'admin', note: 'broken', fromName: depot.name });
  });

  it('gives the last unit to one of two transfers at the same time', async () => {
    const part = await newPart();
    const [depot, other] = [await newWarehouse(), await newWarehouse()];
    await created('/api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 1 });
    const transfer = { partId: part.id, from: warehouseOf(depot.id), to: warehouseOf(other.id), quantity: 1 };
    const answers = await Promise.all([
      admin('POST', '/api/stock/transfer', transfer),
      admin('POST', '/api/stock/transfer', transfer),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await held(part.id)).toEqual({ [`WAREHOUSE:${other.id}`]: 1 });
  });

  it('refuses unknown parts and holders, a transfer to the same holder, and a zero adjustment', async () => {
    const part = await newPart();
    const depot = await newWarehouse();
    const refusal = async (url: string, body: object) => {
      const response = await admin('POST', url, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors[0].field;
    };
    expect(await refusal('/api/stock/receive', { partId: 999_999, warehouseId: depot.id, quantity: 1 })).toBe('partId');
    expect(await refusal('/api/stock/receive', { partId: part.id, warehouseId: 999_999, quantity: 1 })).toBe(
      'warehouseId.id',
    );
    const same = { partId: part.id, from: warehouseOf(depot.id), to: warehouseOf(depot.id), quantity: 1 };
    expect(await refusal('/api/stock/transfer', same)).toBe('to');
    const toUser = { ...same, to: technicianHolder(999_999) };
    expect(await refusal('/api/stock/transfer', toUser)).toBe('to.id');
    const zero = { partId: part.id, holder: warehouseOf(depot.id), change: 0, note: 'x' };
    expect(await refusal('/api/stock/adjust', zero)).toBe('change');
    const duplicate = await admin('POST', '/api/parts', {
      code: part.code,
      name: 'x',
      kind: 'SPARE',
      unit: 'pc',
      reorderPoint: 0,
    });
    expect(duplicate.statusCode).toBe(400);
  });

  it('lets a technician read their own stock, and move none', async () => {
    const part = await newPart();
    const depot = await newWarehouse();
    const { technician: tech } = await technician();
    await created('/api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 4 });
    const give = { partId: part.id, from: warehouseOf(depot.id), to: technicianHolder(tech.id), quantity: 2 };
    await created('/api/stock/transfer', give);
    const mine = await tech.call('GET', '/api/stock/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({ partId: part.id, code: part.code, holderId: tech.id, quantity: 2 }),
    ]);
    expect((await tech.call('GET', '/api/stock')).statusCode).toBe(403);
    expect((await tech.call('GET', '/api/parts')).statusCode).toBe(403);
    const back = { ...give, from: technicianHolder(tech.id), to: warehouseOf(depot.id) };
    expect((await tech.call('POST', '/api/stock/transfer', back)).statusCode).toBe(403);
    expect((await tech.call('POST', '/api/stock/transfer', give)).statusCode).toBe(403);
    expect(await held(part.id)).toEqual({ [`WAREHOUSE:${depot.id}`]: 2, [`TECHNICIAN:${tech.id}`]: 2 });
  });

  it('takes the parts used from the technician when the order is done; short stock leaves it open', async () => {
    const part = await newPart();
    const depot = await newWarehouse();
    const { machine, technician: tech } = await technician();
    await created('/api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 3 });
    const give = { partId: part.id, from: warehouseOf(depot.id), to: technicianHolder(tech.id), quantity: 3 };
    await created('/api/stock/transfer', give);
    const order = async () => {
      const made = await created('/api/workOrders', { machineIds: [machine.id], type: 'REPAIR', priority: 'NORMAL' });
      const id = made.ids[0] as number;
      for (const event of ['ACCEPT', 'START']) await moved(tech.call, id, event);
      return id;
    };
    const first = await order();
    const done = await tech.call('PUT', `/api/workOrders/${first}/completion`, {
      checks: [],
      photos: [],
      parts: [
        { partId: part.id, quantity: 1 },
        { partId: part.id, quantity: 1 },
      ],
    });
    expect(done.statusCode, done.body).toBe(204);
    expect(await held(part.id)).toEqual({ [`TECHNICIAN:${tech.id}`]: 1 });
    const detail = (await admin('GET', `/api/workOrders/${first}`)).json();
    expect(detail.completion.parts).toEqual([{ partId: part.id, code: part.code, name: part.name, quantity: 2 }]);
    const used = (await admin('GET', `/api/stock/movements?kind=USE&partId=${part.id}`)).json().content;
    expect(used).toEqual([expect.objectContaining({ workOrderId: first, quantity: 2, fromId: tech.id })]);

    const second = await order();
    const short = await tech.call(
      'PUT',
      `/api/workOrders/${second}/completion`,
      { checks: [], photos: [], parts: [{ partId: part.id, quantity: 2 }] },
      CHINESE,
    );
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'STOCK_SHORT' });
    expect((await admin('GET', `/api/workOrders/${second}`)).json()).toMatchObject({
      state: 'IN_PROGRESS',
      completion: null,
    });
    expect(await held(part.id)).toEqual({ [`TECHNICIAN:${tech.id}`]: 1 });
    const unknown = await tech.call('PUT', `/api/workOrders/${second}/completion`, {
      checks: [],
      photos: [],
      parts: [{ partId: 999_999, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('parts.0.partId');
  });

  it('raises STOCK_LOW once each time the warehouses fall to the reorder point, and marks the part low', async () => {
    const channel = await created('/api/notifications/channels', {
      name: unique('Stores '),
      kind: 'WEBHOOK',
      target: 'http://127.0.0.1:9/stock',
      language: 'en',
      ratePerMinute: 20,
      digestSeconds: 0,
      enabled: true,
    });
    await created('/api/notifications/rules', { event: 'STOCK_LOW', channelId: channel.id, enabled: true });
    const alerts = async () => {
      ctx.t.clock.advance(1000);
      await ctx.t.app.scheduler.run('send-notifications');
      await ctx.t.app.tasks.idle('notification-delivery');
      const page = (await admin('GET', `/api/notifications/deliveries?channelId=${channel.id}&size=50`)).json();
      return (page.content as { itemCount: number; subject: string }[]).reduce((sum, d) => sum + d.itemCount, 0);
    };
    const part = await newPart(2);
    const depot = await newWarehouse();
    const lowOf = async () =>
      ((await admin('GET', '/api/parts')).json() as { id: number; low: boolean; warehouseStock: number }[]).find(
        (p) => p.id === part.id,
      );
    expect(await lowOf()).toMatchObject({ low: true, warehouseStock: 0 });
    await created('/api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 5 });
    expect(await lowOf()).toMatchObject({ low: false, warehouseStock: 5 });
    expect(await alerts()).toBe(0);
    const { technician: tech } = await technician();
    const give = (quantity: number) => ({
      partId: part.id,
      from: warehouseOf(depot.id),
      to: technicianHolder(tech.id),
      quantity,
    });
    await created('/api/stock/transfer', give(3));
    expect(await lowOf()).toMatchObject({ low: true, warehouseStock: 2 });
    await created('/api/stock/transfer', give(1));
    expect(await alerts()).toBe(1);
    await created('/api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 10 });
    await created('/api/stock/adjust', { partId: part.id, holder: warehouseOf(depot.id), change: -10, note: 'stolen' });
    expect(await alerts()).toBe(2);
  });
});
