import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, flatPrice, staffOf as staffOfDept, unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import {
  accountBalance,
  coinSale,
  ledgerTotal,
  postingOf,
  sellingMachineOf,
  withdrawingAgent,
} from './test-fixtures.ts';

/**
 * Requests that arrive together: withdrawals of one agent's whole balance, approvals and payouts
 * of one withdrawal. Each is decided against rows locked for its transaction, so at most one of
 * them moves the money, on the embedded database and on a PostgreSQL server alike.
 */
describe('withdrawals that race', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let agent: { id: number; deptId: number };
  let manager: Caller;
  let finance: Caller;
  let otherFinance: Caller;

  const available = async () => 0 - (await accountBalance(ctx.t, `COMMISSION_PAYABLE:${agent.id}`));
  const approvedWithdrawal = async (amount: number) => {
    const made = await manager('POST', '/api/withdrawals', { agentId: agent.id, amount });
    expect(made.statusCode, made.body).toBe(201);
    const { id, withdrawalNo, net } = made.json() as { id: number; withdrawalNo: string; net: number };
    const approved = await finance('PUT', `/api/withdrawals/${id}/review`, { action: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    return { id, withdrawalNo, net };
  };

  beforeAll(async () => {
    await flatPrice(admin, 1000);
    agent = await withdrawingAgent(admin, unique('Racing '));
    const call = await sellingMachineOf(ctx.t, admin, agent.id);
    for (let sale = 0; sale < 3; sale++) await coinSale(call);
    manager = await staffOfDept(ctx.t, admin, agent.deptId, 'Agent manager');
    const financeDept = (await activeAgent(admin, unique('Finance dept '))).deptId;
    finance = await staffOfDept(ctx.t, admin, financeDept, 'Finance');
    otherFinance = await staffOfDept(ctx.t, admin, financeDept, 'Finance');
  });

  it('lets one of 20 simultaneous withdrawals of the whole balance through; the balance never goes below zero', async () => {
    const whole = await available();
    expect(whole).toBe(6000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => manager('POST', '/api/withdrawals', { agentId: agent.id, amount: whole })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
      expect(refused.json()).toMatchObject({ errors: [{ field: 'amount', code: 'too_large', params: { limit: 0 } }] });
    }
    expect(await available()).toBe(0);
    const list = (await manager('GET', `/api/withdrawals?agentId=${agent.id}`)).json();
    expect(list.totalElements).toBe(1);
    expect(await ledgerTotal(ctx.t)).toBe(0);
    // Rejected, the whole balance is there again for the next tests.
    const [only] = list.content;
    const rejected = await finance('PUT', `/api/withdrawals/${only.id}/review`, { action: 'REJECT', note: 'Again' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await available()).toBe(whole);
  });

  it('approves a withdrawal approved twice at once once, and pays it once', async () => {
    const made = await manager('POST', '/api/withdrawals', { agentId: agent.id, amount: 1000 });
    const { id, withdrawalNo, net } = made.json() as { id: number; withdrawalNo: string; net: number };
    const answers = await Promise.all(
      [finance, otherFinance].map((as) => as('PUT', `/api/withdrawals/${id}/review`, { action: 'APPROVE' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
      code: 'STATE_CONFLICT',
      state: 'APPROVED',
      event: 'APPROVE',
    });
    const detail = (await finance('GET', `/api/withdrawals/${id}`)).json();
    expect(detail.timeline.map((step: { step: string }) => step.step)).toEqual(['REQUEST', 'APPROVE']);
    const bank = await accountBalance(ctx.t, 'BANK');
    const paid = await finance('PUT', `/api/withdrawals/${id}/payout`, { action: 'PAY', reference: `A${id}` });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await accountBalance(ctx.t, 'BANK')).toBe(bank - net);
    expect(await postingOf(ctx.t, 'PAYOUT', withdrawalNo)).toEqual({ WITHDRAWALS_IN_TRANSIT: net, BANK: -net });
  });

  it('pays once when two payouts with the same reference come at once, and refuses one with another reference', async () => {
    const same = await approvedWithdrawal(1000);
    const bank = await accountBalance(ctx.t, 'BANK');
    const pay = (as: Caller, reference: string, id = same.id) =>
      as('PUT', `/api/withdrawals/${id}/payout`, { action: 'PAY', reference });
    const twice = await Promise.all([pay(finance, `S${same.id}`), pay(otherFinance, `S${same.id}`)]);
    expect(twice.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(twice.map((answer) => answer.json().state)).toEqual(['PAID', 'PAID']);
    expect(await accountBalance(ctx.t, 'BANK')).toBe(bank - same.net);
    const detail = (await finance('GET', `/api/withdrawals/${same.id}`)).json();
    expect(detail.timeline.filter((step: { step: string }) => step.step === 'PAY')).toHaveLength(1);

    const other = await approvedWithdrawal(1000);
    const both = await Promise.all([
      pay(finance, `X${other.id}`, other.id),
      pay(otherFinance, `Y${other.id}`, other.id),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await accountBalance(ctx.t, 'BANK')).toBe(bank - same.net - other.net);
    expect(await postingOf(ctx.t, 'PAYOUT', other.withdrawalNo)).toEqual({
      WITHDRAWALS_IN_TRANSIT: other.net,
      BANK: -other.net,
    });

    // Two withdrawals paid at once with one reference: one of them is paid by it.
    const first = await approvedWithdrawal(500);
    const second = await approvedWithdrawal(500);
    const shared = await Promise.all([pay(finance, 'SHARED-1', first.id), pay(otherFinance, 'SHARED-1', second.id)]);
    expect(shared.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(shared.find((answer) => answer.statusCode === 400)?.json()).toMatchObject({
      errors: [{ field: 'reference', code: 'taken' }],
    });
    expect(await ledgerTotal(ctx.t)).toBe(0);
  });
});
