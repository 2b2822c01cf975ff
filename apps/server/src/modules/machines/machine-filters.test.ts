import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';

describe('the machines list’s filters by site and by silence', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let selling: { id: number; serialNo: string; secret: string };
  let idle: { id: number };
  let idleSite: { id: number };
  let agentId: number;

  beforeAll(async () => {
    const modelId = (await machineModel(admin)).id;
    agentId = (await activeAgent(admin, unique('Filter agent '), { quota: 5 })).id;
    const busySite = await siteOf(admin, agentId);
    idleSite = await siteOf(admin, agentId);
    selling = await operatingMachine(admin, { modelId, agentId, siteId: busySite.id });
    idle = await operatingMachine(admin, { modelId, agentId, siteId: idleSite.id });
    const priced = await admin('POST', '/api/price-policies', {
      name: unique('Filter prices '),
      scope: 'ALL',
      priceWechat: 50,
      priceAlipay: 50,
      priceCard: 50,
      priceCoin: 50,
      discountPct: '0',
      effectiveFrom: '2020-01-01 00:00:00',
    });
    expect(priced.statusCode, priced.body).toBe(201);
    const call = machineCaller(ctx.t, selling);
    const no = unique('S');
    const made = (
      await call('POST', '/gateway/v1/orders', {
        machineOrderNo: no,
        tap: 1,
        waterType: 'COLD',
        requestedMl: 1000,
        channel: 'COIN',
      })
    ).json();
    const paid = await call('POST', `/gateway/v1/orders/${no}/payment`, { channel: 'COIN', amount: made.payable });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  const ids = async (query: string) =>
    ((await admin('GET', `/api/machines?agentId=${agentId}&${query}`)).json().content as { id: number }[]).map(
      (machine) => machine.id,
    );

  it('finds the machines of one site, and those that sold nothing for N hours', async () => {
    expect(await ids(`siteId=${idleSite.id}`)).toEqual([idle.id]);
    expect(await ids('noSalesHours=24')).toEqual([idle.id]);
    expect((await ids('noSalesHours=1')).sort()).toEqual([idle.id]);
    // Two hours on, the sale is older than an hour but not than a day.
    ctx.t.clock.advance(2 * 3_600_000);
    expect((await ids('noSalesHours=1')).sort((a, b) => a - b)).toEqual([selling.id, idle.id].sort((a, b) => a - b));
    expect(await ids('noSalesHours=24')).toEqual([idle.id]);
    const refused = await admin('GET', '/api/machines?noSalesHours=0');
    expect(refused.statusCode).toBe(400);
  });
});
