import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activeAgent,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { machinesRepository } from './machines.repository.ts';

type Agent = { id: number; deptId: number; name: string };

/** The refusal of a move to an agent that is not active: its name, its status and the move. */
const notReceiving = (agent: Agent, status: string, action: 'ALLOCATE' | 'TRANSFER') => ({
  status: 409,
  code: 'STATE_CONFLICT',
  message: `"${agent.name}" is ${status}: no machine can be allocated or transferred to it (${action})`,
  state: status,
  event: 'RECEIVE_MACHINES',
  timestamp: expect.any(Number),
});

describe('machines go only to active agents; a frozen agent’s machines keep selling', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let modelId: number;
  let hq: Agent;

  const review = async (agent: Agent, action: string) => {
    const answer = await admin('PUT', `/api/agents/${agent.id}/review`, { action });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const beneath = (name: string) => activeAgent(admin, unique(name), { parentId: hq.id, level: 'PROVINCE' });
  /** An agent in each status that receives nothing, beneath the HQ. */
  const notActive = async (): Promise<[Agent, string][]> => {
    const frozen = await beneath('Frozen ');
    await review(frozen, 'FREEZE');
    const terminated = await beneath('Ended ');
    await review(terminated, 'TERMINATE');
    const code = unique('P');
    const created = await admin('POST', '/api/agents', {
      code,
      name: unique('Pending '),
      parentId: hq.id,
      level: 'PROVINCE',
      contactName: 'Li Wei',
      contactPhone: '13800138000',
      commissionRate: '10',
      machineQuota: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [pending] = (await admin('GET', `/api/agents?blurry=${code}`)).json().content;
    return [
      [frozen, 'FROZEN'],
      [pending, 'PENDING_REVIEW'],
      [terminated, 'TERMINATED'],
    ];
  };
  const inStock = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const registered = await admin('POST', '/api/machines', { serialNo: unique('WM'), modelId });
      expect(registered.statusCode, registered.body).toBe(201);
      ids.push(registered.json().machine.id);
    }
    return ids;
  };
  const holderOf = async (id: number) => (await admin('GET', `/api/machines/${id}`)).json().agentId as number | null;

  afterEach(() => vi.restoreAllMocks());

  beforeAll(async () => {
    modelId = (await machineModel(admin)).id;
    hq = await activeAgent(admin, unique('HQ '), { quota: 100 });
  });

  it('allocates nothing from stock to a frozen, pending or terminated agent, one machine or a batch', async () => {
    const [one, ...batch] = await inStock(3);
    for (const [agent, status] of await notActive()) {
      for (const machineIds of [[one], batch]) {
        const answer = await admin('POST', '/api/machines/allocate', { machineIds, agentId: agent.id });
        expect(answer.json()).toEqual(notReceiving(agent, status, 'ALLOCATE'));
      }
    }
    expect(await Promise.all([one!, ...batch].map(holderOf))).toEqual([null, null, null]);
  });

  it('transfers nothing to a frozen, pending or terminated agent, one machine or a batch', async () => {
    const ids = await inStock(3);
    const allocated = await admin('POST', '/api/machines/allocate', { machineIds: ids, agentId: hq.id });
    expect(allocated.statusCode, allocated.body).toBe(200);
    const [one, ...batch] = ids;
    for (const [agent, status] of await notActive()) {
      for (const machineIds of [[one], batch]) {
        const answer = await admin('POST', '/api/machines/transfer', { machineIds, agentId: agent.id });
        expect(answer.json()).toEqual(notReceiving(agent, status, 'TRANSFER'));
      }
    }
    expect(await Promise.all(ids.map(holderOf))).toEqual([hq.id, hq.id, hq.id]);
  });

  it('allocates nothing to an agent frozen between the checks and the move', async () => {
    const agent = await beneath('Freezing ');
    const [id] = await inStock(1);
    // Frozen after the agent was checked, before the move's unit of work locks it.
    const holdersOf = machinesRepository.holdersOf;
    vi.spyOn(machinesRepository, 'holdersOf').mockImplementationOnce(async (...args) => {
      await review(agent, 'FREEZE');
      return holdersOf(...args);
    });
    const answer = await admin('POST', '/api/machines/allocate', { machineIds: [id], agentId: agent.id });
    expect(answer.json()).toEqual(notReceiving(agent, 'FROZEN', 'ALLOCATE'));
    expect(await holderOf(id!)).toBeNull();
    expect((await admin('GET', `/api/agents/${agent.id}`)).json().quotaUsed).toBe(0);
  });

  it('keeps a frozen agent’s operating machine selling', async () => {
    const agent = await beneath('Selling ');
    const machine = await operatingMachine(admin, {
      modelId,
      agentId: agent.id,
      siteId: (await siteOf(admin, agent.id)).id,
    });
    const policy = await admin('POST', '/api/price-policies', {
      name: unique('Policy '),
      scope: 'AGENT',
      scopeId: agent.id,
      priceWechat: 50,
      priceAlipay: 50,
      priceCard: 50,
      priceCoin: 50,
      discountPct: '0',
      effectiveFrom: '2020-01-01 00:00:00',
    });
    expect(policy.statusCode, policy.body).toBe(201);
    await review(agent, 'FREEZE');

    const call = machineCaller(ctx.t, machine);
    expect((await call('POST', '/gateway/v1/heartbeat', {})).json().prices).toMatchObject({ CARD: 50 });
    const machineOrderNo = unique('S');
    const created = await call('POST', '/gateway/v1/orders', {
      machineOrderNo,
      tap: 1,
      waterType: 'COLD',
      requestedMl: 2000,
      channel: 'COIN',
    });
    expect(created.statusCode, created.body).toBe(201);
    const paid = await call('POST', `/gateway/v1/orders/${machineOrderNo}/payment`, {
      channel: 'COIN',
      amount: created.json().payable,
    });
    expect(paid.json()).toMatchObject({ state: 'PAID', paid: 100 });
    const done = await call('POST', `/gateway/v1/orders/${machineOrderNo}/dispense`, {
      result: 'COMPLETED',
      dispensedMl: 2000,
    });
    expect(done.json()).toMatchObject({ state: 'COMPLETED' });
  });
});
