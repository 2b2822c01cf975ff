import type { ListColumn } from '@water/contract/list-columns';
import { ORDER_COLUMNS, type Order } from '@water/contract/orders';
import { TEXT_CATALOG, textAt } from '@water/contract/texts/catalog';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  cardPayment,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf as staffOfDept,
  type TestCard,
  toppedUpCard,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { formatDay } from '../../lib/time.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { salesDaily } from '../sales/sales.read-model.ts';
import { orders, refunds } from './orders.schema.ts';

const past = '2020-01-01 00:00:00';

describe('orders, refunds and price policies', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let modelId: number;
  let hq: { id: number; deptId: number };
  let north: { id: number; deptId: number };
  let south: { id: number; deptId: number };
  let northMachine: { id: number; serialNo: string; secret: string };
  let southMachine: { id: number; serialNo: string; secret: string };
  let northCall: MachineCaller;
  let southCall: MachineCaller;
  let northManager: Caller;
  let finance: Caller;
  let card: TestCard;

  const policy = async (fields: Record<string, unknown>, as: Caller = admin) =>
    as('POST', '/api/price-policies', {
      name: unique('Policy '),
      scope: 'ALL',
      priceWechat: 50,
      priceAlipay: 50,
      priceCard: 50,
      priceCoin: 50,
      discountPct: '0',
      effectiveFrom: past,
      ...fields,
    });
  const cardPrice = async (call: MachineCaller) => {
    const { prices } = (await call('POST', '/gateway/v1/heartbeat', {})).json();
    return prices === null ? null : (prices.CARD as number);
  };
  const staffOf = (dept: number, role: string) => staffOfDept(ctx.t, admin, dept, role);
  /** A card sale carried through: created, paid, dispensed (`dispensedMl` short of 2 L refunds the rest). */
  const cardSale = async (call: MachineCaller, dispensedMl = 2000) => {
    const no = unique('S');
    const created = (
      await call('POST', '/gateway/v1/orders', {
        machineOrderNo: no,
        tap: 1,
        waterType: 'COLD',
        requestedMl: 2000,
        channel: 'CARD',
      })
    ).json();
    await call('POST', `/gateway/v1/orders/${no}/payment`, {
      channel: 'CARD',
      ...cardPayment(card),
      amount: created.payable,
    });
    await call('POST', `/gateway/v1/orders/${no}/dispense`, { result: 'COMPLETED', dispensedMl });
    return created.orderNo as string;
  };
  const today = () => formatDay(ctx.t.clock.now());
  const range = () => `createTime=${today()}&createTime=${today()}`;

  beforeAll(async () => {
    modelId = (await machineModel(admin)).id;
    hq = await activeAgent(admin, unique('HQ '), { quota: 50 });
    north = await activeAgent(admin, unique('North '), { parentId: hq.id, level: 'PROVINCE', quota: 10, rate: '15' });
    south = await activeAgent(admin, unique('South '), { parentId: hq.id, level: 'PROVINCE', quota: 10, rate: '15' });
    northMachine = await operatingMachine(admin, {
      modelId,
      agentId: north.id,
      siteId: (await siteOf(admin, north.id)).id,
    });
    southMachine = await operatingMachine(admin, {
      modelId,
      agentId: south.id,
      siteId: (await siteOf(admin, south.id)).id,
    });
    northCall = machineCaller(ctx.t, northMachine);
    southCall = machineCaller(ctx.t, southMachine);
    northManager = await staffOf(north.deptId, 'Agent manager');
    finance = await staffOf((await activeAgent(admin, unique('Finance dept '))).deptId, 'Finance');
    card = await toppedUpCard(admin, hq.id, 100_000);
  });

  it('prices each machine by its most specific policy in effect: machine, nearest agent, model, every machine', async () => {
    expect(await cardPrice(northCall)).toBeNull();
    expect(
      (
        await northCall('POST', '/gateway/v1/orders', {
          machineOrderNo: unique('S'),
          tap: 1,
          waterType: 'COLD',
          requestedMl: 1000,
          channel: 'CARD',
        })
      ).statusCode,
    ).toBe(409);

    expect((await policy({ priceCard: 50 })).statusCode).toBe(201);
    expect(await cardPrice(northCall)).toBe(50);
    expect((await policy({ scope: 'MODEL', scopeId: modelId, priceCard: 45 })).statusCode).toBe(201);
    expect(await cardPrice(northCall)).toBe(45);
    expect((await policy({ scope: 'AGENT', scopeId: hq.id, priceCard: 30 })).statusCode).toBe(201);
    expect((await policy({ scope: 'AGENT', scopeId: south.id, priceCard: 20, discountPct: '10' })).statusCode).toBe(
      201,
    );
    expect(await cardPrice(northCall)).toBe(30);
    expect(await cardPrice(southCall)).toBe(20);
    const later = await policy({
      scope: 'MACHINE',
      scopeId: northMachine.id,
      priceCard: 10,
      effectiveFrom: '2999-01-01 00:00:00',
    });
    expect(later.statusCode).toBe(201);
    expect(await cardPrice(northCall)).toBe(30);

    // 2 L at 20 fen, 10 % off: 40 − 4.
    const sold = (
      await southCall('POST', '/gateway/v1/orders', {
        machineOrderNo: unique('S'),
        tap: 1,
        waterType: 'COLD',
        requestedMl: 2000,
        channel: 'CARD',
      })
    ).json();
    expect(sold).toMatchObject({ unitPrice: 20, listAmount: 40, discountAmount: 4, payable: 36 });
  });

  it('lets only unrestricted staff price every machine or a model, and an agent’s staff its own agents', async () => {
    const everywhere = await policy({ priceCard: 1 }, northManager);
    expect(everywhere.statusCode).toBe(403);
    const foreign = await policy({ scope: 'AGENT', scopeId: south.id, priceCard: 1 }, northManager);
    expect(foreign.json().errors[0]).toMatchObject({ field: 'scopeId', code: 'unknown_reference' });
    const own = await policy({ scope: 'AGENT', scopeId: north.id, priceCard: 25, name: 'North card' }, northManager);
    expect(own.statusCode, own.body).toBe(201);
    expect(await cardPrice(northCall)).toBe(25);
    const seen = (await northManager('GET', '/api/price-policies?size=50')).json().content as {
      scope: string;
      scopeId: number | null;
    }[];
    expect(seen.some((p) => p.scope === 'AGENT' && p.scopeId === south.id)).toBe(false);
    expect(seen.some((p) => p.scope === 'ALL')).toBe(true);
  });

  it('lists orders of a required time range within the caller’s scope, and hides the others’ details', async () => {
    const northOrder = await cardSale(northCall);
    const southOrder = await cardSale(southCall);
    expect((await admin('GET', '/api/orders')).json().errors[0]).toMatchObject({ field: 'createTime' });
    const tooLong = await admin('GET', '/api/orders?createTime=2026-01-01&createTime=2026-06-30');
    expect(tooLong.json().errors[0]).toMatchObject({ field: 'createTime', code: 'too_large' });

    const mine = (await northManager('GET', `/api/orders?${range()}&size=100`)).json().content as {
      orderNo: string;
      agentId: number;
    }[];
    expect(mine.map((order) => order.orderNo)).toContain(northOrder);
    expect(mine.every((order) => order.agentId === north.id)).toBe(true);
    expect((await northManager('GET', `/api/orders/${southOrder}`)).statusCode).toBe(404);
    const all = (await admin('GET', `/api/orders?${range()}&size=100`)).json().content as { orderNo: string }[];
    expect(all.map((order) => order.orderNo)).toEqual(expect.arrayContaining([northOrder, southOrder]));
    const filtered = (await admin('GET', `/api/orders?${range()}&agentId=${south.id}&state=COMPLETED`)).json();
    expect(filtered.content.every((order: { agentId: number }) => order.agentId === south.id)).toBe(true);
    const exported = await northManager('GET', `/api/orders/download?${range()}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('exports the list’s columns in the console’s language: its titles, value labels and money in yuan', async () => {
    const orderNo = await cardSale(northCall);
    const paid = (await admin('GET', `/api/orders/${orderNo}`)).json().paid as number;
    const sheetIn = async (language: string) => {
      const file = await admin('GET', `/api/orders/download?${range()}`, undefined, { 'accept-language': language });
      expect(file.statusCode, file.body).toBe(200);
      const [header = [], ...rows] = await readSheet(file.rawPayload, 'orders.xlsx', 'file');
      const row = rows.find((cells) => cells[0] === orderNo) ?? [];
      return Object.fromEntries(header.map((title, index) => [title, row[index]]));
    };
    const chinese = await sheetIn('zh-CN,zh;q=0.9,en;q=0.8');
    expect(chinese).toMatchObject({
      订单号: orderNo,
      支付方式: '水卡',
      状态: '已完成',
      '实付（元）': String(paid / 100),
    });
    const english = await sheetIn('en-GB,en;q=0.9');
    expect(english).toMatchObject({
      Order: orderNo,
      Channel: 'Water card',
      State: 'Completed',
      'Paid (yuan)': String(paid / 100),
    });
    // The columns are the page's: every title of the one declaration, in its order.
    expect(Object.keys(english)).toEqual(
      Object.values<ListColumn<Order>>(ORDER_COLUMNS).map((column) => {
        const title = String(textAt(TEXT_CATALOG.en, column.title));
        return column.kind === 'money' ? `${title} (yuan)` : column.kind === 'ml' ? `${title} (ml)` : title;
      }),
    );
  });

  it('refunds after review: staff ask with a reason, finance approves, never more than was paid', async () => {
    const orderNo = await cardSale(northCall);
    const order = (await northManager('GET', `/api/orders/${orderNo}`)).json();
    expect(order).toMatchObject({ state: 'COMPLETED', paid: 50, memberPhone: null, commissionRate: '15.00' });
    const ask = (amount: number, as: Caller = northManager) =>
      as('POST', `/api/orders/${orderNo}/refunds`, { amount, reason: 'CUSTOMER', note: 'Water tasted of plastic' });
    expect((await ask(51)).json().errors[0]).toMatchObject({ field: 'amount', code: 'too_large' });
    const first = await ask(30);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'PENDING', amount: 30, createBy: expect.any(String) });
    expect((await ask(21)).json().errors[0]).toMatchObject({ field: 'amount', code: 'too_large' });
    expect(
      (await northManager('PUT', `/api/refunds/${first.json().id}/review`, { action: 'APPROVE' })).statusCode,
    ).toBe(403);

    const queue = (await finance('GET', '/api/refunds?status=PENDING&size=100')).json().content as { id: number }[];
    expect(queue.map((refund) => refund.id)).toContain(first.json().id);
    expect((await finance('PUT', `/api/refunds/${first.json().id}/review`, { action: 'APPROVE' })).statusCode).toBe(
      200,
    );
    expect((await finance('GET', `/api/orders/${orderNo}`)).json()).toMatchObject({
      state: 'PARTIALLY_REFUNDED',
      refunded: 30,
    });

    const second = (await ask(20)).json();
    const rejected = await finance('PUT', `/api/refunds/${second.id}/review`, { action: 'REJECT' });
    expect(rejected.json().errors[0]).toMatchObject({ field: 'note', code: 'required' });
    await finance('PUT', `/api/refunds/${second.id}/review`, { action: 'REJECT', note: 'Not our machine' });
    expect((await finance('GET', `/api/orders/${orderNo}`)).json()).toMatchObject({
      state: 'PARTIALLY_REFUNDED',
      refunded: 30,
    });
    await finance('PUT', `/api/refunds/${(await ask(20)).json().id}/review`, { action: 'APPROVE' });
    const done = (await finance('GET', `/api/orders/${orderNo}`)).json();
    expect(done).toMatchObject({ state: 'REFUNDED', refunded: 50 });
    expect(done.refunds.map((r: { status: string }) => r.status)).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
    expect((await ask(1, finance)).statusCode).toBe(409);
  });

  it('tells the refund form what is left once pending refunds count, and refuses more in yuan', async () => {
    const orderNo = await cardSale(northCall);
    const ask = (amount: number) =>
      northManager('POST', `/api/orders/${orderNo}/refunds`, { amount, reason: 'CUSTOMER', note: 'Cloudy water' });
    expect((await ask(30)).statusCode).toBe(201);
    const detail = (await northManager('GET', `/api/orders/${orderNo}`)).json();
    expect(detail).toMatchObject({ paid: 50, refunded: 0, refundable: 20 });
    const refused = (await ask(21)).json();
    expect(refused.errors[0]).toMatchObject({ field: 'amount', code: 'too_large', params: { limit: 20 } });
    expect(refused.message).toBe('amount: at most 0.20 yuan is left to refund');
    // An order that cannot be refunded by staff has nothing refundable.
    const open = await northCall('POST', '/gateway/v1/orders', {
      machineOrderNo: unique('S'),
      tap: 1,
      waterType: 'COLD',
      requestedMl: 1000,
      channel: 'CARD',
    });
    expect((await northManager('GET', `/api/orders/${open.json().orderNo}`)).json()).toMatchObject({
      state: 'CREATED',
      refundable: 0,
    });
  });

  it('never lets the requester approve their own refund; small card refunds go back at once when settings allow', async () => {
    const orderNo = await cardSale(northCall);
    const ask = (amount: number, as: Caller) =>
      as('POST', `/api/orders/${orderNo}/refunds`, { amount, reason: 'STAFF', note: 'Goodwill' });
    const own = (await ask(10, finance)).json();
    expect(own.status).toBe('PENDING');
    const self = await finance('PUT', `/api/refunds/${own.id}/review`, { action: 'APPROVE' });
    expect(self.statusCode).toBe(403);
    expect((await finance('GET', `/api/orders/${orderNo}`)).json()).toMatchObject({ refunded: 0 });
    expect((await admin('PUT', `/api/refunds/${own.id}/review`, { action: 'APPROVE' })).statusCode).toBe(200);
    // A refund reviewed already is a state conflict naming the refund's state and the event.
    const twice = await admin('PUT', `/api/refunds/${own.id}/review`, { action: 'REJECT', note: 'late' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'SUCCESS', event: 'REJECT' });

    // Global settings let card refunds of up to 0.15 go back without a second person.
    const settings = (await admin('GET', '/api/global/setting')).json();
    expect((await admin('PUT', '/api/global/setting', { ...settings, refundReviewAbove: 15 })).statusCode).toBe(204);
    try {
      const small = (await ask(15, finance)).json();
      expect(small).toMatchObject({ status: 'SUCCESS', amount: 15 });
      const large = (await ask(16, finance)).json();
      expect(large).toMatchObject({ status: 'PENDING' });
      expect((await finance('GET', `/api/orders/${orderNo}`)).json()).toMatchObject({
        state: 'PARTIALLY_REFUNDED',
        refunded: 25,
        refundable: 9,
      });
    } finally {
      await admin('PUT', '/api/global/setting', settings);
    }
  });

  it('refuses a payment dated before its order was made, changing nothing', async () => {
    const no = unique('S');
    const made = await northCall('POST', '/gateway/v1/orders', {
      machineOrderNo: no,
      tap: 1,
      waterType: 'COLD',
      requestedMl: 2000,
      channel: 'CARD',
      createdAt: ctx.t.clock.now().getTime() - 3_600_000,
    });
    expect(made.statusCode, made.body).toBe(201);
    const early = await northCall('POST', `/gateway/v1/orders/${no}/payment`, {
      channel: 'CARD',
      ...cardPayment(card),
      amount: made.json().payable,
      paidAt: ctx.t.clock.now().getTime() - 2 * 3_600_000,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0]).toMatchObject({ field: 'paidAt' });
    expect((await admin('GET', `/api/orders/${made.json().orderNo}`)).json()).toMatchObject({
      state: 'CREATED',
      paid: 0,
    });
    // Within the clock skew it is taken, on the time the machine gives.
    const paid = await northCall('POST', `/gateway/v1/orders/${no}/payment`, {
      channel: 'CARD',
      ...cardPayment(card),
      amount: made.json().payable,
      paidAt: ctx.t.clock.now().getTime() - 3_600_000 - 60_000,
    });
    expect(paid.json()).toMatchObject({ state: 'PAID' });
  });

  it('marks what a frozen agent earns for settlement to hold, while its machines keep selling', async () => {
    const review = (action: string) => admin('PUT', `/api/agents/${north.id}/review`, { action, note: 'Audit' });
    expect((await review('FREEZE')).statusCode).toBe(200);
    try {
      const frozenSale = await cardSale(northCall);
      const detail = (await admin('GET', `/api/orders/${frozenSale}`)).json();
      expect(detail).toMatchObject({ state: 'COMPLETED' });
      expect(detail.commission.heldAgentIds).toEqual([north.id]);
    } finally {
      expect((await review('UNFREEZE')).statusCode).toBe(200);
    }
    const after = (await admin('GET', `/api/orders/${await cardSale(northCall)}`)).json();
    expect(after.commission.heldAgentIds).toEqual([]);
  });

  it('reconciles: for every scope and day, paid minus refunded over the orders equals the roll-ups', async () => {
    await cardSale(northCall, 1500);
    await cardSale(southCall, 0);
    await cardSale(southCall);
    const db = ctx.t.database.db;
    const day = today();
    const from = new Date(`${day}T00:00:00`);
    const to = new Date(from.getTime() + 86_400_000);
    for (const agentId of [north.id, south.id]) {
      const [paid] = await db
        .select({ sum: sql<number>`coalesce(sum(${orders.paid}), 0)::int` })
        .from(orders)
        .where(and(eq(orders.agentId, agentId), gte(orders.paidTime, from), lt(orders.paidTime, to)));
      const [refunded] = await db
        .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
        .from(refunds)
        .where(
          and(
            eq(refunds.agentId, agentId),
            eq(refunds.status, 'SUCCESS'),
            gte(refunds.doneTime, from),
            lt(refunds.doneTime, to),
          ),
        );
      const [rolled] = await db
        .select({ net: sql<number>`coalesce(sum(${salesDaily.paid} - ${salesDaily.refunded}), 0)::int` })
        .from(salesDaily)
        .where(and(eq(salesDaily.agentId, agentId), eq(salesDaily.day, day)));
      expect(paid!.sum).toBeGreaterThan(0);
      expect(rolled!.net).toBe(paid!.sum - refunded!.sum);
    }
  });

  it('gives each manager the home page figures of its own agents only, from the roll-ups', async () => {
    await cardSale(northCall);
    await cardSale(southCall, 1000);
    const mine = (await northManager('GET', '/api/business/overview')).json();
    const all = (await admin('GET', '/api/business/overview')).json();
    const net = async (as: Caller, agentId?: number) => {
      const query = `${range()}&size=1000${agentId ? `&agentId=${agentId}` : ''}`;
      const list = (await as('GET', `/api/orders?${query}`)).json().content as { paid: number; refunded: number }[];
      return list.reduce((sum, order) => sum + order.paid - order.refunded, 0);
    };
    expect(mine.today.net).toBe(await net(northManager));
    expect(all.today.net).toBe(await net(admin));
    expect(all.today.net).toBeGreaterThan(mine.today.net);
    expect(mine.today.averageTicket).toBe(Math.round(mine.today.paid / mine.today.orders));
    expect(mine.machines).toMatchObject({ operating: 1, online: 1 });
    expect(mine.topMachines.map((machine: { name: string }) => machine.name)).toEqual([northMachine.serialNo]);
    expect(all.topMachines.map((machine: { name: string }) => machine.name)).toEqual(
      expect.arrayContaining([northMachine.serialNo, southMachine.serialNo]),
    );
    expect(mine.daily).toHaveLength(30);
    expect(mine.daily.at(-1)).toMatchObject({ day: today(), net: mine.today.net });
    expect(mine.paymentMix).toEqual([{ channel: 'CARD', paid: mine.month.paid, orders: mine.month.orders }]);
    expect((await ctx.user('GET', '/api/business/overview')).statusCode).toBe(403);
    // The agents list carries each agent's machines at work, those online, and this month's net.
    const listed = (await admin('GET', `/api/agents?parentId=${hq.id}&size=10`)).json().content as {
      id: number;
      operating: number;
      online: number;
      monthNet: number;
    }[];
    expect(listed.find((agent) => agent.id === north.id)).toMatchObject({
      operating: 1,
      online: 1,
      monthNet: mine.month.net,
    });
  });
});
