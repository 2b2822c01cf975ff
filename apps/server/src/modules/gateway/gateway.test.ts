import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  cardPayment,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  type TestCard,
  toppedUpCard,
  unique,
} from '../../../test/business-fixtures.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { machines } from '../machines/machines.read-model.ts';
import { orders } from '../orders/orders.schema.ts';
import { gatewayNonces } from './gateway.schema.ts';
import { signedHeaders } from './gateway-signing.ts';

const withoutLabel = ({ label: _label, ...rest }: { label: string }) => rest;
const NOTIFY_KEY = 'channel-notify-key-for-tests-0123456789abcdef';
const past = '2020-01-01 00:00:00';

describe('machine gateway', () => {
  const ctx = useTestApp({ PAYMENT_NOTIFY_KEY: NOTIFY_KEY, NO_SALES_AFTER: '10m' });
  const admin = (...args: Parameters<typeof ctx.admin>) => ctx.admin(...args);
  let modelId: number;
  let agent: { id: number };
  let site: { id: number };
  let machine: { id: number; serialNo: string; secret: string };
  let call: MachineCaller;
  let card: TestCard;

  const policy = async (fields: Record<string, unknown>) => {
    const created = await admin('POST', '/api/price-policies', {
      name: unique('Policy '),
      scope: 'ALL',
      priceWechat: 50,
      priceAlipay: 50,
      priceCard: 40,
      priceCoin: 50,
      discountPct: '0',
      effectiveFrom: past,
      ...fields,
    });
    expect(created.statusCode, created.body).toBe(201);
  };
  const sale = (overrides: Record<string, unknown> = {}) => ({
    machineOrderNo: unique('S'),
    tap: 1,
    waterType: 'COLD',
    requestedMl: 5000,
    channel: 'CARD',
    ...overrides,
  });
  const orderRows = async () => ctx.t.database.db.select().from(orders).where(eq(orders.machineId, machine.id));

  beforeAll(async () => {
    modelId = (await machineModel(admin)).id;
    agent = await activeAgent(admin, unique('Gateway agent '));
    site = await siteOf(admin, agent.id);
    machine = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
    call = machineCaller(ctx.t, machine);
    await policy({ name: 'Everywhere' });
    card = await toppedUpCard(admin, agent.id, 100_000);
  });

  describe('signatures', () => {
    const unsignedHeartbeat = (headers: Record<string, string>) =>
      ctx.t.app.inject({ method: 'POST', url: '/gateway/v1/heartbeat', payload: {}, headers });

    it('refuses unsigned, wrongly signed, stale, replayed and unknown senders with a clear 4xx, changing nothing', async () => {
      const before = (await ctx.t.database.db.select().from(machines).where(eq(machines.id, machine.id)))[0];
      const answered = ctx.t.bodies.length;

      const unsigned = await unsignedHeartbeat({ 'x-machine': machine.serialNo });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json()).toMatchObject({
        code: 'SIGNATURE_INVALID',
        message: expect.stringMatching(/not signed/),
      });

      const forged = machineCaller(ctx.t, { ...machine, secret: 'not-the-secret' });
      expect((await forged('POST', '/gateway/v1/heartbeat', { tankLevel: 1 })).json().code).toBe('SIGNATURE_INVALID');

      const stale = await call('POST', '/gateway/v1/heartbeat', {}, { now: ctx.t.clock.now().getTime() - 6 * 60_000 });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().code).toBe('REQUEST_STALE');

      const stranger = machineCaller(ctx.t, { serialNo: 'NO-SUCH-MACHINE', secret: machine.secret });
      const unknown = await stranger('POST', '/gateway/v1/heartbeat', {});
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ code: 'MACHINE_UNKNOWN' });

      const nonce = 'nonce-used-exactly-once';
      expect((await call('POST', '/gateway/v1/heartbeat', {}, { nonce })).statusCode).toBe(200);
      const replay = await call('POST', '/gateway/v1/heartbeat', { tankLevel: 1 }, { nonce });
      expect(replay.statusCode).toBe(409);
      expect(replay.json().code).toBe('NONCE_REUSED');

      const after = (await ctx.t.database.db.select().from(machines).where(eq(machines.id, machine.id)))[0];
      expect(after?.tankLevel).toBe(before?.tankLevel);
      // The refusals never repeat the machine's secret or its key.
      expect(JSON.stringify(ctx.t.bodies.slice(answered))).not.toContain(machine.secret);
    });

    it('refuses a body changed after signing, and malformed bodies, as 4xx that change nothing', async () => {
      const body = JSON.stringify({ tankLevel: 80 });
      const headers = signedHeaders({
        key: (await import('./gateway-signing.ts')).signingKeyOf(machine.secret),
        method: 'POST',
        path: '/gateway/v1/heartbeat',
        body,
        machine: machine.serialNo,
        now: ctx.t.clock.now().getTime(),
      });
      const tampered = await ctx.t.app.inject({
        method: 'POST',
        url: '/gateway/v1/heartbeat',
        headers,
        payload: JSON.stringify({ tankLevel: 3 }),
      });
      expect(tampered.json().code).toBe('SIGNATURE_INVALID');

      const outOfRange = await call('POST', '/gateway/v1/heartbeat', { tankLevel: 400 });
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json().errors[0]).toMatchObject({ field: 'tankLevel' });
      const extra = await call('POST', '/gateway/v1/orders', { ...sale(), price: 0 });
      expect(extra.statusCode).toBe(400);
      const broken = await ctx.t.app.inject({
        method: 'POST',
        url: '/gateway/v1/orders',
        headers: { 'content-type': 'application/json', 'x-machine': machine.serialNo },
        payload: '{"machineOrderNo":',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().code).toBe('MALFORMED_BODY');
      expect(await orderRows()).toHaveLength(0);
    });

    it('refuses a retired machine, and orders from a suspended one', async () => {
      const other = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
      const otherCall = machineCaller(ctx.t, other);
      await admin('PUT', `/api/machines/${other.id}/lifecycle`, { action: 'SUSPEND' });
      expect((await otherCall('POST', '/gateway/v1/heartbeat', {})).statusCode).toBe(200);
      const suspended = await otherCall('POST', '/gateway/v1/orders', sale());
      expect(suspended.statusCode).toBe(403);
      expect(suspended.json()).toMatchObject({
        code: 'MACHINE_UNAVAILABLE',
        message: expect.stringMatching(/SUSPENDED/),
      });
      await admin('PUT', `/api/machines/${other.id}/lifecycle`, { action: 'RETIRE' });
      const retired = await otherCall('POST', '/gateway/v1/heartbeat', {});
      expect(retired.statusCode).toBe(403);
      expect(retired.json().code).toBe('MACHINE_UNAVAILABLE');
    });

    it('keeps nonces only while their timestamps could be accepted', async () => {
      await call('POST', '/gateway/v1/heartbeat', {});
      const kept = await ctx.t.database.db.select().from(gatewayNonces);
      expect(kept.length).toBeGreaterThan(0);
      ctx.t.clock.advance(11 * 60_000);
      await ctx.t.app.scheduler.run('purge-gateway-nonces');
      expect(await ctx.t.database.db.select().from(gatewayNonces)).toHaveLength(0);
    });
  });

  describe('commits', () => {
    it('wait for the disk for orders, payments and refunds, not for nonces and heartbeats', async () => {
      const { database } = ctx.t;
      if (database.kind === 'pglite') {
        // The embedded database never waits for the disk: the same database takes both kinds.
        expect(database.relaxed).toBe(database.db);
        return;
      }
      const waits = async (db: typeof database.db) =>
        ((await db.execute(sql`SHOW synchronous_commit`)) as unknown as { rows: { synchronous_commit: string }[] })
          .rows[0]?.synchronous_commit;
      expect(await waits(database.db)).toBe('on');
      expect(await waits(database.relaxed)).toBe('off');
    });
  });

  describe('heartbeats', () => {
    it('keeps the runtime, answers the prices, and raises a water-quality alarm once until it clears', async () => {
      const beat = await call('POST', '/gateway/v1/heartbeat', {
        signal: 24,
        temperature: 21.5,
        tdsIn: 180,
        tdsOut: 8,
        tankLevel: 70,
        firmware: 'v2.1.0',
      });
      expect(beat.statusCode, beat.body).toBe(200);
      expect(beat.json()).toMatchObject({
        lifecycle: 'OPERATING',
        heartbeatSeconds: 60,
        prices: { WECHAT: 50, CARD: 40, COIN: 50, discountPct: '0.00' },
      });
      const shown = (await admin('GET', `/api/machines/${machine.id}`)).json();
      expect(shown).toMatchObject({ online: true, firmware: 'v2.1.0' });

      const alarms = async () =>
        (await admin('GET', `/api/alarms?machineId=${machine.id}&type=TDS_HIGH`)).json().content as {
          state: string;
        }[];
      for (let i = 0; i < 3; i++) await call('POST', '/gateway/v1/heartbeat', { tdsOut: 90 });
      expect((await alarms()).map((alarm) => alarm.state)).toEqual(['OPEN']);
      await call('POST', '/gateway/v1/heartbeat', { tdsOut: 9 });
      expect((await alarms()).map((alarm) => alarm.state)).toEqual(['RESOLVED']);
    });

    it('shows a machine’s runtime, its prices and its sales by hour, day and month', async () => {
      await call('POST', '/gateway/v1/heartbeat', { signal: 21, tdsOut: 12, tankLevel: 64, faultBits: 2 });
      const body = sale({ requestedMl: 2500 });
      const { payable } = (await call('POST', '/gateway/v1/orders', body)).json();
      await call('POST', `/gateway/v1/orders/${body.machineOrderNo}/payment`, {
        channel: 'CARD',
        ...cardPayment(card),
        amount: payable,
      });
      await call('POST', `/gateway/v1/orders/${body.machineOrderNo}/dispense`, { result: 'COMPLETED' });
      const status = async (period: string) =>
        (await admin('GET', `/api/machines/${machine.id}/status?period=${period}`)).json();
      const day = await status('DAY');
      expect(day.runtime).toMatchObject({ online: true, signal: 21, tdsOut: 12, tankLevel: 64, faults: ['PUMP'] });
      expect(day.prices).toMatchObject({ CARD: 40 });
      expect(day.series).toHaveLength(30);
      expect(day.series.at(-1)).toEqual({ label: day.today.label.slice(5), ...withoutLabel(day.today) });
      expect(day.today.net).toBeGreaterThanOrEqual(payable);
      const hour = await status('HOUR');
      expect(hour.series).toHaveLength(24);
      expect(hour.series.reduce((sum: number, point: { net: number }) => sum + point.net, 0)).toBeGreaterThanOrEqual(
        payable,
      );
      const month = await status('MONTH');
      expect(month.series).toHaveLength(12);
      expect(month.series.at(-1).net).toBeGreaterThanOrEqual(day.today.net);
      expect((await admin('GET', `/api/machines/${machine.id}/status?period=WEEK`)).statusCode).toBe(400);
      await call('POST', '/gateway/v1/heartbeat', { faultBits: 0 });
    });

    it('raises NO_SALES for an operating machine that sold nothing for NO_SALES_AFTER, once, and resolves it at its next sale', async () => {
      const quiet = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
      const quietCall = machineCaller(ctx.t, quiet);
      const noSales = async () =>
        (await admin('GET', `/api/alarms?machineId=${quiet.id}&type=NO_SALES`)).json().content as { state: string }[];
      await ctx.t.app.scheduler.run('no-sales-check');
      expect(await noSales()).toEqual([]);
      ctx.t.clock.advance(11 * 60_000);
      await ctx.t.app.scheduler.run('no-sales-check');
      await ctx.t.app.scheduler.run('no-sales-check');
      expect((await noSales()).map((alarm) => alarm.state)).toEqual(['OPEN']);
      const body = sale();
      const { payable } = (await quietCall('POST', '/gateway/v1/orders', body)).json();
      await quietCall('POST', `/gateway/v1/orders/${body.machineOrderNo}/payment`, {
        channel: 'CARD',
        ...cardPayment(card),
        amount: payable,
      });
      await ctx.t.app.scheduler.run('no-sales-check');
      expect((await noSales()).map((alarm) => alarm.state)).toEqual(['RESOLVED']);
    });

    it('marks a silent machine offline by the scheduled check with one alarm, resolved when it speaks again', async () => {
      await call('POST', '/gateway/v1/heartbeat', {});
      ctx.t.clock.advance(6 * 60_000);
      await ctx.t.app.scheduler.run('offline-check');
      await ctx.t.app.scheduler.run('offline-check');
      const offline = async () =>
        (await admin('GET', `/api/alarms?machineId=${machine.id}&type=OFFLINE`)).json().content as { state: string }[];
      expect((await offline()).map((alarm) => alarm.state)).toEqual(['OPEN']);
      expect((await admin('GET', `/api/machines/${machine.id}`)).json().online).toBe(false);
      await call('POST', '/gateway/v1/heartbeat', {});
      expect((await offline()).map((alarm) => alarm.state)).toEqual(['RESOLVED']);
    });
    it('raises OFFLINE once for an installed machine that never reported, and not again once resolved by staff', async () => {
      const mute = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
      const offline = async () =>
        (await admin('GET', `/api/alarms?machineId=${mute.id}&type=OFFLINE`)).json().content as {
          id: number;
          state: string;
          detail: string;
        }[];
      await ctx.t.app.scheduler.run('offline-check');
      expect(await offline()).toEqual([]);
      ctx.t.clock.advance(6 * 60_000);
      await ctx.t.app.scheduler.run('offline-check');
      await ctx.t.app.scheduler.run('offline-check');
      const [alarm, ...more] = await offline();
      expect(more).toEqual([]);
      expect(alarm).toMatchObject({
        state: 'OPEN',
        detail: expect.stringMatching(/^no heartbeat since its installation/),
      });
      expect((await admin('PUT', '/api/alarms', { ids: [alarm?.id], action: 'RESOLVE' })).statusCode).toBe(200);
      ctx.t.clock.advance(6 * 60_000);
      await ctx.t.app.scheduler.run('offline-check');
      expect((await offline()).map((row) => row.state)).toEqual(['RESOLVED']);
      // Its first heartbeat, then silence again: a new silence, a new alarm.
      await machineCaller(ctx.t, mute)('POST', '/gateway/v1/heartbeat', {});
      ctx.t.clock.advance(6 * 60_000);
      await ctx.t.app.scheduler.run('offline-check');
      expect((await offline()).map((row) => row.state).sort()).toEqual(['OPEN', 'RESOLVED']);
    });
  });

  describe('sales', () => {
    it('sells by card: priced by policy, idempotent on the machine’s number, paid, dispensed', async () => {
      const body = sale({ requestedMl: 5000 });
      const created = await call('POST', '/gateway/v1/orders', body);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        state: 'CREATED',
        unitPrice: 40,
        listAmount: 200,
        discountAmount: 0,
        payable: 200,
        orderNo: expect.stringMatching(/^\d{18}$/),
      });
      const again = await call('POST', '/gateway/v1/orders', body);
      expect(again.statusCode).toBe(200);
      expect(again.json().orderNo).toBe(created.json().orderNo);

      const url = `/gateway/v1/orders/${body.machineOrderNo}`;
      const wrongAmount = await call('POST', `${url}/payment`, { channel: 'CARD', ...cardPayment(card), amount: 199 });
      expect(wrongAmount.statusCode).toBe(400);
      expect(wrongAmount.json().errors[0]).toMatchObject({ field: 'amount' });
      for (let i = 0; i < 2; i++) {
        const paid = await call('POST', `${url}/payment`, { channel: 'CARD', ...cardPayment(card), amount: 200 });
        expect(paid.json()).toMatchObject({ state: 'PAID', paid: 200 });
      }
      expect((await call('POST', `${url}/dispense`, { result: 'STARTED' })).json().state).toBe('DISPENSING');
      for (let i = 0; i < 2; i++) {
        const done = await call('POST', `${url}/dispense`, { result: 'COMPLETED', dispensedMl: 5000 });
        expect(done.json()).toMatchObject({ state: 'COMPLETED', dispensedMl: 5000, refunded: 0 });
      }
      const rows = (await orderRows()).filter((row) => row.machineOrderNo === body.machineOrderNo);
      expect(rows).toHaveLength(1);
    });

    it('makes one order when the same sale is reported several times at once', async () => {
      const body = sale();
      const answers = await Promise.all([1, 2, 3, 4].map(() => call('POST', '/gateway/v1/orders', body)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.json().orderNo)).size).toBe(1);
    });

    it('refunds a short fill’s difference and a failed dispense in full, at once for cards', async () => {
      const balance = async () => (await admin('GET', `/api/cards/${card.id}`)).json().balance as number;
      const before = await balance();
      const short = sale({ requestedMl: 4000 });
      await call('POST', '/gateway/v1/orders', short);
      await call('POST', `/gateway/v1/orders/${short.machineOrderNo}/payment`, {
        channel: 'CARD',
        ...cardPayment(card),
        amount: 160,
      });
      const filled = await call('POST', `/gateway/v1/orders/${short.machineOrderNo}/dispense`, {
        result: 'COMPLETED',
        dispensedMl: 3000,
      });
      expect(filled.json()).toMatchObject({ state: 'PARTIALLY_REFUNDED', paid: 160, refunded: 40, dispensedMl: 3000 });

      const failed = sale({ requestedMl: 2500 });
      await call('POST', '/gateway/v1/orders', failed);
      await call('POST', `/gateway/v1/orders/${failed.machineOrderNo}/payment`, {
        channel: 'CARD',
        ...cardPayment(card),
        amount: 100,
      });
      const broke = await call('POST', `/gateway/v1/orders/${failed.machineOrderNo}/dispense`, {
        result: 'FAILED',
        dispensedMl: 0,
      });
      expect(broke.json()).toMatchObject({ state: 'REFUNDED', paid: 100, refunded: 100 });
      const again = await call('POST', `/gateway/v1/orders/${failed.machineOrderNo}/dispense`, { result: 'FAILED' });
      expect(again.json()).toMatchObject({ state: 'REFUNDED', refunded: 100 });
      const refunds = (await admin('GET', `/api/refunds?blurry=${broke.json().orderNo}`)).json().content;
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ reason: 'DISPENSE_FAILED', status: 'SUCCESS', amount: 100 });
      // The card paid 160 and 100, and has 40 and 100 back.
      expect(await balance()).toBe(before - 120);
    });

    it('takes WeChat payments by the channel’s signed notification, once, and queues their refunds for finance', async () => {
      const body = sale({ channel: 'WECHAT', requestedMl: 2000 });
      const { orderNo, payable } = (await call('POST', '/gateway/v1/orders', body)).json();
      expect(payable).toBe(100);
      const notification = { orderNo, transactionId: 'wx-4200001', amount: 100 };
      const notify = (key: string, payload = notification) => {
        const text = JSON.stringify(payload);
        const url = '/gateway/v1/channels/wechat/notify';
        const headers = signedHeaders({ key, method: 'POST', path: url, body: text, now: ctx.t.clock.now().getTime() });
        return ctx.t.app.inject({ method: 'POST', url, headers, payload: text });
      };
      expect((await notify('a-key-the-channel-does-not-have-0123456789')).statusCode).toBe(401);
      expect((await call('GET', `/gateway/v1/orders/${body.machineOrderNo}`)).json().state).toBe('CREATED');
      for (let i = 0; i < 2; i++) {
        const paid = await notify(NOTIFY_KEY);
        expect(paid.json()).toEqual({ orderNo, state: 'PAID' });
      }
      const other = await notify(NOTIFY_KEY, { ...notification, transactionId: 'wx-other' });
      expect(other.statusCode).toBe(409);
      expect((await call('GET', `/gateway/v1/orders/${body.machineOrderNo}`)).json()).toMatchObject({
        state: 'PAID',
        paid: 100,
      });

      const failed = await call('POST', `/gateway/v1/orders/${body.machineOrderNo}/dispense`, { result: 'FAILED' });
      expect(failed.json()).toMatchObject({ state: 'REFUNDING', refunded: 0 });
      const [pending] = (await admin('GET', `/api/refunds?status=PENDING&blurry=${orderNo}`)).json().content;
      expect(pending).toMatchObject({ reason: 'DISPENSE_FAILED', channel: 'WECHAT', amount: 100 });
      const withoutRef = await admin('PUT', `/api/refunds/${pending.id}/review`, { action: 'APPROVE' });
      expect(withoutRef.json().errors[0]).toMatchObject({ field: 'channelRef', code: 'required' });
      const approved = await admin('PUT', `/api/refunds/${pending.id}/review`, {
        action: 'APPROVE',
        channelRef: 'wx-refund-9001',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await admin('GET', `/api/orders/${orderNo}`)).json()).toMatchObject({
        state: 'REFUNDED',
        refunded: 100,
        refunds: [{ status: 'SUCCESS', channelRef: 'wx-refund-9001', reviewedBy: 'admin' }],
      });
      const twice = await admin('PUT', `/api/refunds/${pending.id}/review`, { action: 'APPROVE', channelRef: 'x' });
      expect(twice.statusCode).toBe(409);
    });

    it('closes orders left unpaid past the timeout; a late card payment is taken and given back, the order left closed', async () => {
      const body = sale();
      await call('POST', '/gateway/v1/orders', body);
      ctx.t.clock.advance(4 * 60_000);
      await ctx.t.app.scheduler.run('close-unpaid-orders');
      const url = `/gateway/v1/orders/${body.machineOrderNo}`;
      expect((await call('GET', url)).json().state).toBe('CREATED');
      ctx.t.clock.advance(2 * 60_000);
      await ctx.t.app.scheduler.run('close-unpaid-orders');
      expect((await call('GET', url)).json().state).toBe('CLOSED');
      const dispense = await call('POST', `${url}/dispense`, { result: 'COMPLETED' });
      expect(dispense.statusCode).toBe(409);
      expect(dispense.json().code).toBe('STATE_CONFLICT');
      const late = await call('POST', `${url}/payment`, { channel: 'CARD', ...cardPayment(card), amount: 200 });
      expect(late.json()).toMatchObject({ state: 'CLOSED', paid: 200, refunded: 200 });
    });

    it('accepts a sale made offline with the machine’s own time, but not one dated in the future', async () => {
      const hourAgo = ctx.t.clock.now().getTime() - 3_600_000;
      const offline = await call('POST', '/gateway/v1/orders', sale({ channel: 'COIN', createdAt: hourAgo }));
      expect(offline.statusCode, offline.body).toBe(201);
      const { orderNo } = offline.json();
      const shown = (await admin('GET', `/api/orders/${orderNo}`)).json();
      expect(new Date(shown.createTime.replace(' ', 'T')).getTime()).toBe(Math.floor(hourAgo / 1000) * 1000);
      const future = await call(
        'POST',
        '/gateway/v1/orders',
        sale({ createdAt: ctx.t.clock.now().getTime() + 3_600_000 }),
      );
      expect(future.statusCode).toBe(400);
      expect(future.json().errors[0]).toMatchObject({ field: 'createdAt' });
    });
  });
});
