import type { Order } from '@water/contract/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  cardPayment,
  flatPrice,
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
import { listExportIn } from '../../../test/list-export.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { formatDay } from '../../lib/time.ts';

interface Figures {
  todayNet: number;
  todayOrders: number;
  todayMl: number;
  weekNet: number;
  weekOrders: number;
  weekMl: number;
  monthNet: number;
  monthOrders: number;
  monthMl: number;
}

/**
 * The sales figures of agents, sites and machines (lists, their files, the home page's ranking)
 * and the orders' totals: each equal to what the orders themselves say, each within the caller's
 * data scope.
 */
describe('sales figures per agent, site and machine, and the orders’ totals', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let north: { id: number; deptId: number; name: string };
  let card: TestCard;
  let south: { id: number; deptId: number; name: string };
  let northSite: { id: number; name: string };
  let southSite: { id: number; name: string };
  let northMachine: { id: number; serialNo: string };
  let southMachine: { id: number; serialNo: string };
  let northManager: Caller;
  let finance: Caller;

  const today = () => formatDay(ctx.t.clock.now());
  const range = () => `createTime=${today()}&createTime=${today()}`;

  /** A card sale of 2 L: paid, then dispensed (short of 2 L refunds the rest) or failed (refunded whole). */
  const sale = async (call: MachineCaller, dispensedMl: number | 'FAILED') => {
    const no = unique('F');
    const created = await call('POST', '/gateway/v1/orders', {
      machineOrderNo: no,
      tap: 1,
      waterType: 'COLD',
      requestedMl: 2000,
      channel: 'CARD',
    });
    expect(created.statusCode, created.body).toBe(201);
    await call('POST', `/gateway/v1/orders/${no}/payment`, {
      channel: 'CARD',
      ...cardPayment(card),
      amount: created.json().payable,
    });
    await call(
      'POST',
      `/gateway/v1/orders/${no}/dispense`,
      dispensedMl === 'FAILED' ? { result: 'FAILED', dispensedMl: 0 } : { result: 'COMPLETED', dispensedMl },
    );
  };

  /** What the orders of today say, read through the orders list: net, paid orders, water. */
  const fromOrders = async (filter: string): Promise<{ net: number; orders: number; ml: number }> => {
    const listed = await admin('GET', `/api/orders?${range()}&${filter}&size=1000`);
    expect(listed.statusCode, listed.body).toBe(200);
    const orders = listed.json().content as Order[];
    return {
      net: orders.reduce((sum, order) => sum + order.paid - order.refunded, 0),
      orders: orders.filter((order) => order.paid > 0).length,
      ml: orders.reduce((sum, order) => sum + (order.dispensedMl ?? 0), 0),
    };
  };
  const sameForEveryPeriod = (expected: { net: number; orders: number; ml: number }): Figures => ({
    todayNet: expected.net,
    todayOrders: expected.orders,
    todayMl: expected.ml,
    weekNet: expected.net,
    weekOrders: expected.orders,
    weekMl: expected.ml,
    monthNet: expected.net,
    monthOrders: expected.orders,
    monthMl: expected.ml,
  });
  const rowOf = async (as: Caller, url: string, id: number) => {
    const listed = await as('GET', url);
    expect(listed.statusCode, listed.body).toBe(200);
    return (listed.json().content as ({ id: number } & Figures)[]).find((row) => row.id === id);
  };

  beforeAll(async () => {
    const { id: modelId } = await machineModel(admin);
    const hq = await activeAgent(admin, unique('HQ '), { quota: 50 });
    card = await toppedUpCard(admin, hq.id, 100_000);
    north = await activeAgent(admin, unique('North '), { parentId: hq.id, level: 'PROVINCE', quota: 10, rate: '15' });
    south = await activeAgent(admin, unique('South '), { parentId: hq.id, level: 'PROVINCE', quota: 10, rate: '15' });
    northSite = await siteOf(admin, north.id);
    southSite = await siteOf(admin, south.id);
    const northSelling = await operatingMachine(admin, { modelId, agentId: north.id, siteId: northSite.id });
    const southSelling = await operatingMachine(admin, { modelId, agentId: south.id, siteId: southSite.id });
    northMachine = northSelling;
    southMachine = southSelling;
    await flatPrice(admin, 50);
    const northCall = machineCaller(ctx.t, northSelling);
    const southCall = machineCaller(ctx.t, southSelling);
    await sale(northCall, 2000);
    await sale(northCall, 1500);
    await sale(northCall, 'FAILED');
    await sale(southCall, 2000);
    await sale(southCall, 2000);
    await sale(southCall, 2000);
    northManager = await staffOfDept(ctx.t, admin, north.deptId, 'Agent manager');
    finance = await staffOfDept(ctx.t, admin, (await activeAgent(admin, unique('Finance '))).deptId, 'Finance');
  });

  it('lists each agent, site and machine with its sales of today, this week and this month, as its orders say', async () => {
    const northOrders = await fromOrders(`agentId=${north.id}`);
    expect(northOrders).toEqual({ net: 175, orders: 3, ml: 3500 });
    expect(await rowOf(admin, `/api/agents?blurry=${encodeURIComponent(north.name)}`, north.id)).toMatchObject(
      sameForEveryPeriod(northOrders),
    );
    expect(await rowOf(admin, `/api/sites?agentId=${north.id}`, northSite.id)).toMatchObject(
      sameForEveryPeriod(await fromOrders(`siteId=${northSite.id}`)),
    );
    expect(await rowOf(admin, `/api/machines?agentId=${south.id}`, southMachine.id)).toMatchObject(
      sameForEveryPeriod(await fromOrders(`machineId=${southMachine.id}`)),
    );
    // The agent's detail carries them too.
    expect((await admin('GET', `/api/agents/${north.id}`)).json()).toMatchObject(sameForEveryPeriod(northOrders));
    // An agent's staff see their own figures; a sibling's are out of their reach.
    expect(await rowOf(northManager, '/api/sites?size=100', northSite.id)).toMatchObject({ todayNet: 175 });
    expect(await rowOf(northManager, '/api/sites?size=100', southSite.id)).toBeUndefined();
    expect(await rowOf(northManager, '/api/machines?size=100', southMachine.id)).toBeUndefined();
  });

  it('writes the figures into the lists’ files, titled in the console’s language, money in yuan', async () => {
    const zh = await listExportIn(admin, `/api/agents/download?blurry=${encodeURIComponent(north.name)}`, 'zh-CN');
    expect(zh.titles).toEqual(expect.arrayContaining(['今日净销售额（元）', '今日订单数', '今日售水量（毫升）']));
    expect(zh.rows[0]).toMatchObject({ '今日净销售额（元）': '1.75', 今日订单数: '3', '今日售水量（毫升）': '3500' });
    const en = await listExportIn(admin, `/api/machines/download?agentId=${north.id}`, 'en');
    expect(en.titles).toEqual(expect.arrayContaining(['Net sales this week (yuan)', 'Water this month (ml)']));
    expect(en.rows[0]).toMatchObject({ 'Net sales this week (yuan)': '1.75' });
  });

  it('ranks the agents, sites and machines that sold most in a period, within the caller’s data scope', async () => {
    const all = await admin('GET', '/api/business/ranking');
    expect(all.statusCode, all.body).toBe(200);
    const ranking = all.json();
    expect(ranking).toMatchObject({ period: 'TODAY', from: today(), to: today() });
    // The south netted 300 fen, the north 175 (a short fill and a failed dispense refunded): the south first.
    const ours = <R extends { id: number }>(rows: R[], ids: number[]) => rows.filter((row) => ids.includes(row.id));
    expect(ours(ranking.agents, [north.id, south.id])).toEqual([
      { id: south.id, name: south.name, net: 300, orders: 3, dispensedMl: 6000 },
      { id: north.id, name: north.name, net: 175, orders: 3, dispensedMl: 3500 },
    ]);
    expect(
      ours<{ id: number; name: string }>(ranking.sites, [northSite.id, southSite.id]).map((row) => row.name),
    ).toEqual([southSite.name, northSite.name]);
    expect(ours(ranking.machines, [northMachine.id, southMachine.id])).toEqual([
      expect.objectContaining({ name: southMachine.serialNo, net: 300 }),
      expect.objectContaining({ name: northMachine.serialNo, net: 175 }),
    ]);
    for (const period of ['WEEK', 'MONTH']) {
      const longer = (await admin('GET', `/api/business/ranking?period=${period}`)).json();
      expect(longer.period).toBe(period);
      expect(longer.from <= today() && longer.to === today()).toBe(true);
      expect(ours(longer.agents, [north.id, south.id])).toEqual(ours(ranking.agents, [north.id, south.id]));
    }
    // The north's manager sees the north only: not its sibling's agent, site or machine.
    const mine = (await northManager('GET', '/api/business/ranking?period=MONTH')).json();
    expect(mine.agents).toEqual([{ id: north.id, name: north.name, net: 175, orders: 3, dispensedMl: 3500 }]);
    expect(mine.sites.map((row: { id: number }) => row.id)).toEqual([northSite.id]);
    expect(mine.machines.map((row: { id: number }) => row.id)).toEqual([northMachine.id]);
    expect((await finance('GET', '/api/business/ranking')).statusCode).toBe(200);
    const wrong = await admin('GET', '/api/business/ranking?period=YEAR');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/period/);
  });

  it('sums the orders the list’s filter matches, by site and machine too, within the caller’s reach', async () => {
    const totals = async (as: Caller, filter = '') => {
      const answer = await as('GET', `/api/orders/totals?${range()}${filter}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const listed = async (as: Caller, filter = '') =>
      (await as('GET', `/api/orders?${range()}${filter}&size=1000`)).json().content as Order[];
    const sumOf = (orders: Order[]) => ({
      orders: orders.length,
      payable: orders.reduce((sum, order) => sum + order.payable, 0),
      paid: orders.reduce((sum, order) => sum + order.paid, 0),
      refunded: orders.reduce((sum, order) => sum + order.refunded, 0),
      net: orders.reduce((sum, order) => sum + order.paid - order.refunded, 0),
    });
    expect(await totals(admin, `&siteId=${northSite.id}`)).toEqual({
      orders: 3,
      payable: 300,
      paid: 300,
      refunded: 125,
      net: 175,
    });
    expect(await totals(admin, `&machineId=${southMachine.id}&state=COMPLETED`)).toEqual(
      sumOf(await listed(admin, `&machineId=${southMachine.id}&state=COMPLETED`)),
    );
    expect(await totals(admin)).toEqual(sumOf(await listed(admin)));
    // The north's manager: the north's orders only, whatever site it names.
    expect(await totals(northManager)).toEqual(await totals(admin, `&agentId=${north.id}`));
    expect(await totals(northManager, `&siteId=${southSite.id}`)).toMatchObject({ orders: 0, paid: 0 });
    expect(await listed(northManager, `&machineId=${southMachine.id}`)).toEqual([]);
    // Finance sees every agent's orders and their totals.
    expect(await totals(finance)).toEqual(await totals(admin));
    for (const bad of ['&siteId=0', '&machineId=abc']) {
      const refused = await admin('GET', `/api/orders/totals?${range()}${bad}`);
      expect(refused.statusCode, bad).toBe(400);
    }
    expect((await admin('GET', '/api/orders/totals')).statusCode).toBe(400);
  });

  it('offers the orders’ filters the agents, sites and machines the caller reaches, even without their pages', async () => {
    const mine = (await northManager('GET', '/api/orders/filter-options')).json();
    expect(mine).toEqual({
      agents: [{ id: north.id, name: north.name }],
      sites: [{ id: northSite.id, name: northSite.name, agentId: north.id }],
      machines: [{ id: northMachine.id, serialNo: northMachine.serialNo, siteId: northSite.id }],
    });
    const answer = await finance('GET', '/api/orders/filter-options');
    expect(answer.statusCode, answer.body).toBe(200);
    const everything = answer.json();
    expect(everything.sites.map((site: { id: number }) => site.id)).toEqual(
      expect.arrayContaining([northSite.id, southSite.id]),
    );
    expect(everything.machines.map((machine: { id: number }) => machine.id)).toEqual(
      expect.arrayContaining([northMachine.id, southMachine.id]),
    );
  });
});
