import { beforeAll, describe, expect, it } from 'vitest';
import { flatPrice, staffOf as staffOfDept, unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { coinSale, sellingMachineOf, withdrawingAgent } from './test-fixtures.ts';

/**
 * An agent's staff see their own agent's withdrawals and balances and those of the agents beneath
 * it, never another agent's: not in a list, by id, in an export or in a total.
 */
describe('withdrawals within a data scope', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let north: { id: number; deptId: number; name: string };
  let northChild: { id: number; deptId: number; name: string };
  let south: { id: number; deptId: number; name: string };
  let northManager: Caller;
  let southManager: Caller;
  const ids: Record<'north' | 'child' | 'south', number> = { north: 0, child: 0, south: 0 };
  const numbers: Record<'north' | 'child' | 'south', string> = { north: '', child: '', south: '' };

  const withdrawalNumbers = async (as: Caller, query = '') =>
    ((await as('GET', `/api/withdrawals?size=100${query}`)).json().content as { withdrawalNo: string }[]).map(
      (row) => row.withdrawalNo,
    );
  const exported = async (as: Caller) => {
    const file = await as('GET', '/api/withdrawals/download');
    expect(file.statusCode, file.body).toBe(200);
    const [, ...rows] = await readSheet(file.rawPayload, 'withdrawals.xlsx', 'file');
    return rows.map((row) => row[0]);
  };

  beforeAll(async () => {
    await flatPrice(admin, 1000);
    north = await withdrawingAgent(admin, unique('North '));
    northChild = await withdrawingAgent(admin, unique('North child '), {
      parentId: north.id,
      level: 'PROVINCE',
      rate: '10',
    });
    south = await withdrawingAgent(admin, unique('South '));
    for (const agent of [northChild, south]) await coinSale(await sellingMachineOf(ctx.t, admin, agent.id));
    northManager = await staffOfDept(ctx.t, admin, north.deptId, 'Agent manager');
    southManager = await staffOfDept(ctx.t, admin, south.deptId, 'Agent manager');
    const childManager = await staffOfDept(ctx.t, admin, northChild.deptId, 'Agent manager');
    // The child sold CN¥100.00: it earns 10 %, north above it the other 10 %; south earns 20 % of its own.
    for (const [key, as, agentId] of [
      ['north', northManager, north.id],
      ['child', childManager, northChild.id],
      ['south', southManager, south.id],
    ] as const) {
      const made = await as('POST', '/api/withdrawals', { agentId, amount: 500 });
      expect(made.statusCode, made.body).toBe(201);
      ids[key] = made.json().id;
      numbers[key] = made.json().withdrawalNo;
    }
  });

  it('lists, exports and totals only the withdrawals of the caller’s agent and those beneath it', async () => {
    expect((await withdrawalNumbers(northManager)).sort()).toEqual([numbers.north, numbers.child].sort());
    expect(await withdrawalNumbers(southManager)).toEqual([numbers.south]);
    expect(await withdrawalNumbers(southManager, `&agentId=${north.id}`)).toEqual([]);
    expect(await withdrawalNumbers(southManager, `&blurry=${numbers.north}`)).toEqual([]);
    expect((await exported(northManager)).sort()).toEqual([numbers.north, numbers.child].sort());
    expect(await exported(southManager)).toEqual([numbers.south]);
    expect((await southManager('GET', '/api/withdrawals/totals')).json()).toEqual({
      count: 1,
      amount: 500,
      fee: 0,
      net: 500,
    });
    expect((await southManager('GET', `/api/withdrawals/totals?agentId=${north.id}`)).json()).toMatchObject({
      count: 0,
      amount: 0,
    });
    expect((await admin('GET', '/api/withdrawals/totals')).json()).toMatchObject({ count: 3, amount: 1500 });
  });

  it('answers another agent’s withdrawal by id as not found, and lets nobody outside review or pay it', async () => {
    const detail = await southManager('GET', `/api/withdrawals/${ids.north}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ code: 'NOT_FOUND', message: `No withdrawal with id ${ids.north}` });
    expect((await southManager('GET', `/api/withdrawals/${ids.south}`)).statusCode).toBe(200);
    expect((await northManager('GET', `/api/withdrawals/${ids.child}`)).statusCode).toBe(200);
    expect((await northManager('GET', `/api/withdrawals/${ids.south}`)).statusCode).toBe(404);
  });

  it('shows the balances of the caller’s agents only', async () => {
    const balances = async (as: Caller, query = '') =>
      ((await as('GET', `/api/withdrawals/balances?size=50${query}`)).json().content as { agentId: number }[]).map(
        (row) => row.agentId,
      );
    expect((await balances(northManager)).sort()).toEqual([north.id, northChild.id].sort());
    expect(await balances(southManager)).toEqual([south.id]);
    expect(await balances(southManager, `&agentId=${north.id}`)).toEqual([]);
    const [child] = (await northManager('GET', `/api/withdrawals/balances?agentId=${northChild.id}`)).json().content;
    expect(child).toMatchObject({ available: 1000 - 500, inTransit: 500, paidOut: 0 });
    const [own] = (await northManager('GET', `/api/withdrawals/balances?agentId=${north.id}`)).json().content;
    expect(own).toMatchObject({ available: 1000 - 500, inTransit: 500 });
  });

  it('lets an agent’s staff request only for the agents in their reach', async () => {
    const refused = await southManager('POST', '/api/withdrawals', { agentId: north.id, amount: 100 });
    expect(refused.json()).toMatchObject({ status: 400, errors: [{ field: 'agentId', code: 'unknown_reference' }] });
    const [own] = (await northManager('GET', `/api/withdrawals/balances?agentId=${north.id}`)).json().content;
    expect(own.available).toBe(500);
  });
});
