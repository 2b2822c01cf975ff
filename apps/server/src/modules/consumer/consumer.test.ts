import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, JWT_SECRET, useTestApp } from '../../../test/test-app.ts';
import { orderAccess } from '../orders/order-access.ts';

/** A small red JPEG (1 × 1), as a phone sends a resized photo. */
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=';

describe('the consumer’s page of a machine', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let place: { modelId: number; agentId: number; siteId: number; agentName: string; siteName: string };

  /** A public call, from an address of its own (the limits count per address). */
  const visitor =
    (address = '10.1.0.1') =>
    (method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}) =>
      ctx.t.app.inject({ method, url, remoteAddress: address, headers, ...(body ? { payload: body } : {}) });

  async function installed() {
    const machine = await operatingMachine(admin, place);
    const detail = (await admin('GET', `/api/machines/${machine.id}`)).json() as { stickerCode: string };
    return { ...machine, code: detail.stickerCode, gateway: machineCaller(ctx.t, machine) };
  }

  beforeAll(async () => {
    const { id: modelId } = await machineModel(admin);
    const agentName = unique('Page agent ');
    const agent = await activeAgent(admin, agentName, { rate: '17.5' });
    const site = await siteOf(admin, agent.id);
    place = { modelId, agentId: agent.id, siteId: site.id, agentName, siteName: site.name };
    const policy = await admin('POST', '/api/price-policies', {
      name: unique('Page price '),
      scope: 'AGENT',
      scopeId: agent.id,
      priceWechat: 50,
      priceAlipay: 48,
      priceCard: 40,
      priceCoin: 50,
      memberPrice: 45,
      discountPct: '10',
      effectiveFrom: '2020-01-01 00:00:00',
    });
    expect(policy.statusCode, policy.body).toBe(201);
    const saved = await admin('PUT', '/api/global/setting', { servicePhone: '400-800-1234' });
    expect(saved.statusCode, saved.body).toBe(204);
  });

  it('shows a selling machine’s prices after the discount, water quality and service phone, and nothing private', async () => {
    const machine = await installed();
    expect((await machine.gateway('POST', '/gateway/v1/heartbeat', { tdsOut: 18 })).statusCode).toBe(200);
    const read = await visitor()('GET', `/api/public/machines/${machine.code.toLowerCase()}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      code: machine.code,
      siteName: place.siteName,
      selling: true,
      notSelling: null,
      taps: [
        { tap: 1, waterTypes: ['COLD', 'HOT'] },
        { tap: 2, waterTypes: ['COLD', 'HOT'] },
      ],
      unitPrices: { WECHAT: 45, ALIPAY: 43, CARD: 36 },
      memberPrice: 45,
      fillUntilStop: true,
      volumesMl: [500, 1000, 1500, 3000, 5000, 10000],
      maxMl: 10000,
      channels: [],
      cards: true,
      water: { tdsOut: 18, verdict: 'EXCELLENT' },
      filtersChangedOn: null,
      servicePhone: '400-800-1234',
    });
    expect(read.json().water.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Nothing of the agent, its commission, the serial number or the machine's id.
    expect(read.body).not.toContain(machine.serialNo);
    expect(read.body).not.toContain(place.agentName);
    expect(read.body).not.toContain('17.5');
    expect(Object.keys(read.json())).not.toEqual(expect.arrayContaining(['id', 'serialNo', 'agentId', 'agentName']));
  });

  it('says why a machine is not selling, and judges its water by the alarm threshold', async () => {
    const silent = await installed();
    expect((await visitor()('GET', `/api/public/machines/${silent.code}`)).json()).toMatchObject({
      selling: false,
      notSelling: 'OFFLINE',
      water: { tdsOut: null, verdict: null, at: null },
    });
    const faulty = await installed();
    await faulty.gateway('POST', '/gateway/v1/heartbeat', { tdsOut: 80, faultBits: 1 });
    expect((await visitor()('GET', `/api/public/machines/${faulty.code}`)).json()).toMatchObject({
      selling: false,
      notSelling: 'FAULT',
      water: { tdsOut: 80, verdict: 'ACCEPTABLE' },
    });
    const suspended = await installed();
    await suspended.gateway('POST', '/gateway/v1/heartbeat', { tdsOut: 40 });
    const moved = await admin('PUT', `/api/machines/${suspended.id}/lifecycle`, { action: 'SUSPEND' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await visitor()('GET', `/api/public/machines/${suspended.code}`)).json()).toMatchObject({
      selling: false,
      notSelling: 'NOT_OPERATING',
      water: { verdict: 'GOOD' },
    });
    // The page and an order say the same: a machine locked for maintenance is not selling, for that reason.
    const locked = await installed();
    await locked.gateway('POST', '/gateway/v1/heartbeat', { tdsOut: 40 });
    expect((await admin('POST', `/api/machines/${locked.id}/commands`, { type: 'LOCK' })).statusCode).toBe(201);
    expect((await visitor()('GET', `/api/public/machines/${locked.code}`)).json()).toMatchObject({
      selling: false,
      notSelling: 'MAINTENANCE',
    });
    const order = await visitor()('POST', `/api/public/machines/${locked.code}/orders`, {
      tap: 1,
      waterType: 'COLD',
      ml: 500,
      channel: 'WECHAT',
    });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe(
      'This machine is not selling now (it is under maintenance): please use another machine',
    );
  });

  it('answers 404 with no detail for an unknown code and for a machine not installed', async () => {
    const unknown = await visitor()('GET', '/api/public/machines/NOSUCH99');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const registered = await admin('POST', '/api/machines', { serialNo: unique('WM'), modelId: place.modelId });
    const inStock = (await admin('GET', `/api/machines/${registered.json().machine.id}`)).json();
    const read = await visitor()('GET', `/api/public/machines/${inStock.stickerCode}`);
    expect(read.statusCode).toBe(404);
    const { timestamp: _unknownAt, ...unknownAnswer } = unknown.json();
    const { timestamp: _readAt, ...readAnswer } = read.json();
    expect(readAnswer).toEqual(unknownAnswer);
    expect((await visitor()('GET', '/api/public/machines/%3Cscript%3E')).statusCode).toBe(400);
  });

  it('turns reports into one alarm that counts them, and a repair order after the delay', async () => {
    const machine = await installed();
    await machine.gateway('POST', '/gateway/v1/heartbeat', { tdsOut: 20 });
    const report = (body: object) => visitor('10.2.0.1')('POST', `/api/public/machines/${machine.code}/reports`, body);
    const first = await report({ category: 'NO_WATER', note: 'Nothing came out', phone: '13912345678', photo: JPEG });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().reportNo).toMatch(/^R\d+$/);
    expect((await report({ category: 'DIRTY' })).statusCode).toBe(201);

    const alarms = (await admin('GET', `/api/alarms?machineId=${machine.id}&type=CONSUMER_REPORT`)).json().content;
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ type: 'CONSUMER_REPORT', state: 'OPEN', count: 2 });
    const chinese = (
      await admin('GET', `/api/alarms?machineId=${machine.id}`, undefined, { 'accept-language': 'zh-CN' })
    ).json().content;
    expect(chinese[0].detail).toBe('用户反馈：机器不干净');

    const reports = await admin('GET', `/api/alarms/${alarms[0].id}/reports`);
    expect(reports.statusCode, reports.body).toBe(200);
    expect(reports.json()).toEqual([
      expect.objectContaining({ category: 'DIRTY', phone: null, photo: null, orderNo: null }),
      expect.objectContaining({ category: 'NO_WATER', note: 'Nothing came out', phone: '139****5678' }),
    ]);
    expect(reports.body).not.toContain('13912345678');
    const withPhoto = reports.json()[1];
    const photo = await admin('GET', `/api/alarms/${alarms[0].id}/reports/${withPhoto.reportNo}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    ctx.t.clock.advance(31_000);
    await ctx.t.app.scheduler.run('work-orders-from-alarms');
    const orders = (await admin('GET', `/api/workOrders?machineId=${machine.id}`)).json().content;
    expect(orders).toEqual([expect.objectContaining({ type: 'REPAIR' })]);
  });

  it('refuses a report that is not one, and changes nothing', async () => {
    const machine = await installed();
    const report = (body: object) => visitor('10.3.0.1')('POST', `/api/public/machines/${machine.code}/reports`, body);
    expect((await report({ category: 'BROKEN' })).statusCode).toBe(400);
    expect((await report({ category: 'OTHER', phone: '12' })).statusCode).toBe(400);
    const script = await report({
      category: 'OTHER',
      photo: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors[0]).toMatchObject({ field: 'photo' });
    expect((await admin('GET', `/api/alarms?machineId=${machine.id}`)).json().content).toEqual([]);
  });

  it('links an order to a “took my money” report only when the consumer proves they hold it', async () => {
    const machine = await installed();
    await machine.gateway('POST', '/gateway/v1/heartbeat', { tdsOut: 20 });
    const sale = async () =>
      (
        await machine.gateway('POST', '/gateway/v1/orders', {
          machineOrderNo: unique('S'),
          tap: 1,
          waterType: 'COLD',
          requestedMl: 1500,
          channel: 'WECHAT',
        })
      ).json().orderNo as string;
    const held = await sale();
    const other = await sale();
    const access = orderAccess(JWT_SECRET);
    const report = (body: object) => visitor('10.4.0.1')('POST', `/api/public/machines/${machine.code}/reports`, body);

    // Another order's token, or none, proves nothing: the report is kept, the order is not linked.
    expect(
      (await report({ category: 'TOOK_MONEY', orderNo: held, orderToken: access.tokenOf(other) })).statusCode,
    ).toBe(201);
    expect((await report({ category: 'TOOK_MONEY', orderNo: other })).statusCode).toBe(201);
    expect((await report({ category: 'TOOK_MONEY', orderNo: held, orderToken: access.tokenOf(held) })).statusCode).toBe(
      201,
    );

    const [alarm] = (await admin('GET', `/api/alarms?machineId=${machine.id}`)).json().content;
    expect(alarm.detail).toBe(`a consumer reports: It took my money (order ${held})`);
    const linked = (await admin('GET', `/api/alarms/${alarm.id}/reports`)).json() as { orderNo: string | null }[];
    expect(linked.map((row) => row.orderNo)).toEqual([held, null, null]);
    // The order's detail names the report and its alarm, for the refund decision; the other order none.
    const named = await admin('GET', `/api/orders/${held}/reports`);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual([expect.objectContaining({ alarmId: alarm.id, category: 'TOOK_MONEY' })]);
    expect((await admin('GET', `/api/orders/${other}/reports`)).json()).toEqual([]);
    expect((await ctx.user('GET', `/api/orders/${held}/reports`)).statusCode).toBe(403);

    // An order of another machine, even with its token, is not linked to this one's alarm.
    const elsewhere = await installed();
    await elsewhere.gateway('POST', '/gateway/v1/heartbeat', { tdsOut: 20 });
    await visitor('10.4.0.2')('POST', `/api/public/machines/${elsewhere.code}/reports`, {
      category: 'TOOK_MONEY',
      orderNo: held,
      orderToken: access.tokenOf(held),
    });
    const [its] = (await admin('GET', `/api/alarms?machineId=${elsewhere.id}`)).json().content;
    expect((await admin('GET', `/api/alarms/${its.id}/reports`)).json()).toEqual([
      expect.objectContaining({ orderNo: null }),
    ]);
  });

  it('limits reports per address (5 an hour) and reads per address', async () => {
    const machine = await installed();
    const report = visitor('10.5.0.1');
    for (let index = 0; index < 5; index++) {
      const sent = await report('POST', `/api/public/machines/${machine.code}/reports`, { category: 'OTHER' });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const refused = await report('POST', `/api/public/machines/${machine.code}/reports`, { category: 'OTHER' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // Another address still may; the hour over, this one may again.
    expect(
      (await visitor('10.5.0.2')('POST', `/api/public/machines/${machine.code}/reports`, { category: 'OTHER' }))
        .statusCode,
    ).toBe(201);
    ctx.t.clock.advance(3_601_000);
    expect(
      (await report('POST', `/api/public/machines/${machine.code}/reports`, { category: 'OTHER' })).statusCode,
    ).toBe(201);

    const reader = visitor('10.5.0.3');
    let status = 200;
    for (let index = 0; index < 121 && status === 200; index++) {
      status = (await reader('GET', `/api/public/machines/${machine.code}`)).statusCode;
    }
    expect(status).toBe(429);
  });
});
