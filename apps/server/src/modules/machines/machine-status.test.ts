import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, machineModel, siteOf, unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';

describe('a machine’s detail', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let modelId: number;
  let agent: { id: number };

  beforeAll(async () => {
    modelId = (await machineModel(admin)).id;
    agent = await activeAgent(admin, unique('Priced '), { quota: 10 });
    const policy = await admin('POST', '/api/price-policies', {
      name: unique('Agent prices '),
      scope: 'AGENT',
      scopeId: agent.id,
      priceWechat: 60,
      priceAlipay: 60,
      priceCard: 50,
      priceCoin: 100,
      memberPrice: null,
      discountPct: '0',
      effectiveFrom: '2020-01-01 00:00:00',
    });
    expect(policy.statusCode, policy.body).toBe(201);
  });

  const registered = async () => {
    const made = await admin('POST', '/api/machines', { serialNo: unique('WP'), modelId });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().machine.id as number;
  };
  const pricesOf = async (id: number) => {
    const answer = await admin('GET', `/api/machines/${id}/status`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().prices;
  };

  it('shows the prices of the policy covering an allocated machine, before it is installed', async () => {
    const id = await registered();
    expect(await pricesOf(id)).toBeNull();
    await admin('POST', '/api/machines/allocate', { machineIds: [id], agentId: agent.id });
    expect(await pricesOf(id)).toMatchObject({ WECHAT: 60, CARD: 50, COIN: 100 });
  });

  it('keeps showing them while the machine is suspended or retired from its site', async () => {
    const id = await registered();
    await admin('POST', '/api/machines/allocate', { machineIds: [id], agentId: agent.id });
    const site = await siteOf(admin, agent.id);
    const change = (body: object) => admin('PUT', `/api/machines/${id}/lifecycle`, body);
    expect((await change({ action: 'INSTALL', siteId: site.id })).statusCode).toBe(200);
    expect(await pricesOf(id)).toMatchObject({ WECHAT: 60 });
    expect((await change({ action: 'SUSPEND' })).statusCode).toBe(200);
    expect(await pricesOf(id)).toMatchObject({ WECHAT: 60 });
    expect((await change({ action: 'RETIRE' })).statusCode).toBe(200);
    expect(await pricesOf(id)).toMatchObject({ WECHAT: 60 });
  });
});
