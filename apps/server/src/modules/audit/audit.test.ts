import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, flatPrice, staffOf, toppedUpCard, unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { formatDay } from '../../lib/time.ts';
import { coinSale, sellingMachineOf, withdrawingAgent } from '../withdrawals/test-fixtures.ts';
import { changeBy, historyOf } from './test-fixtures.ts';

const couponTemplate = {
  type: 'AMOUNT_OFF',
  value: 30,
  minSpend: 0,
  scope: 'ALL',
  issueType: 'PUSH',
  total: 0,
  perMember: 1,
  validType: 'DAYS',
  validDays: 7,
  fundedBy: 'PLATFORM',
};

describe('the record of changes to money', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);

  beforeAll(async () => {
    await flatPrice(admin, 1000);
  });

  it('records an agent’s commission rate and machine quota before and after, by whom and from which request', async () => {
    const agent = await activeAgent(admin, unique('Audited '), { rate: '20', quota: 20 });
    const body = (await admin('GET', `/api/agents/${agent.id}`)).json();
    const edit = { ...body, commissionRate: '15.5', machineQuota: 30 };
    const made = await admin('PUT', '/api/agents', edit);
    const change = await changeBy(admin, made, { type: 'agent', id: agent.id, action: 'update' });
    expect(change.before).toEqual({ name: agent.name, commissionRate: '20.00', machineQuota: 20 });
    expect(change.after).toEqual({ name: agent.name, commissionRate: '15.50', machineQuota: 30 });
    // Its approval before it, its creation first: newest first.
    const actions = (await historyOf(admin, 'agent', agent.id)).map((record) => record.action);
    expect(actions).toEqual(['update', 'status', 'create']);
  });

  it('records a price policy created, changed and deleted', async () => {
    const name = unique('Audited price ');
    const policy = { name, scope: 'ALL', priceWechat: 100, priceAlipay: 100, priceCard: 90, priceCoin: 100 };
    const fields = { ...policy, discountPct: '0', effectiveFrom: '2020-01-01 00:00:00', status: 'DISABLED' };
    expect((await admin('POST', '/api/price-policies', fields)).statusCode).toBe(201);
    const [row] = (await admin('GET', `/api/price-policies?blurry=${encodeURIComponent(name)}`)).json().content;
    const created = (await historyOf(admin, 'price-policy', row.id))[0];
    expect(created).toMatchObject({ action: 'create', before: null, after: { name, priceCard: 90 } });

    const made = await admin('PUT', '/api/price-policies', { ...fields, id: row.id, priceCard: 80 });
    const change = await changeBy(admin, made, { type: 'price-policy', id: row.id, action: 'update' });
    expect(change.before).toEqual({ name, priceCard: 90 });
    expect(change.after).toEqual({ name, priceCard: 80 });

    const removed = await admin('DELETE', '/api/price-policies', [row.id]);
    const deleted = await changeBy(admin, removed, { type: 'price-policy', id: row.id, action: 'delete' });
    expect(deleted).toMatchObject({ before: { name, priceCard: 80 }, after: null });
  });

  it('records a water card’s top-up and its limits', async () => {
    const agent = await activeAgent(admin, unique('Card agent '));
    const card = await toppedUpCard(admin, agent.id, 0);
    const topUp = { amount: 5000, channel: 'CASH', requestId: unique('top-up-') };
    const made = await admin('POST', `/api/cards/${card.id}/top-ups`, topUp);
    const change = await changeBy(admin, made, { type: 'card', id: card.id, action: 'adjust' });
    expect(change.before).toMatchObject({ cardNo: card.cardNo, principal: 0 });
    expect(change.after).toMatchObject({ cardNo: card.cardNo, principal: 5000, amount: 5000, channel: 'CASH' });
    expect(JSON.stringify(change)).not.toContain(card.cardSecret);

    const limited = await admin('PUT', `/api/cards/${card.id}/limits`, { perUseLimit: 500, perDayLimit: 2000 });
    const limits = await changeBy(admin, limited, { type: 'card', id: card.id, action: 'update' });
    expect(limits.before).toEqual({ cardNo: card.cardNo, perUseLimit: null, perDayLimit: null });
    expect(limits.after).toEqual({ cardNo: card.cardNo, perUseLimit: 500, perDayLimit: 2000 });
  });

  it('records water cards issued, and a frozen card reissued on both cards, with the balance it carried', async () => {
    const agent = await activeAgent(admin, unique('Issuing '));
    const issued = await admin('POST', '/api/cards/batches', { agentId: agent.id, count: 2, perUseLimit: 400 });
    const { batchNo, cards } = issued.json() as { batchNo: string; cards: { id: number; cardNo: string }[] };
    for (const card of cards) {
      const issue = await changeBy(admin, issued, { type: 'card', id: card.id, action: 'create' });
      expect(issue.before).toBeNull();
      expect(issue.after).toMatchObject({ cardNo: card.cardNo, batchNo, agentId: agent.id, perUseLimit: 400 });
    }
    const card = await toppedUpCard(admin, agent.id, 3000);
    expect((await admin('PUT', `/api/cards/${card.id}/state`, { action: 'FREEZE' })).statusCode).toBe(200);
    const made = await admin('POST', `/api/cards/${card.id}/reissue`);
    const next = made.json().card as { id: number; cardNo: string };
    const reissue = await changeBy(admin, made, { type: 'card', id: card.id, action: 'reissue' });
    expect(reissue.before).toMatchObject({ cardNo: card.cardNo, state: 'FROZEN', principal: 3000 });
    expect(reissue.after).toMatchObject({
      cardNo: card.cardNo,
      state: 'REISSUED',
      principal: 0,
      replacedBy: next.cardNo,
    });
    const successor = await changeBy(admin, made, { type: 'card', id: next.id, action: 'create' });
    expect(successor.after).toMatchObject({ cardNo: next.cardNo, replaces: card.cardNo, principal: 3000 });
    expect(JSON.stringify([reissue, successor])).not.toContain(made.json().secret);
  });

  it('records a refund asked for and its review, on the order', async () => {
    const agent = await activeAgent(admin, unique('Refund agent '));
    const machine = await sellingMachineOf(ctx.t, admin, agent.id);
    await coinSale(machine, 2);
    const today = formatDay(ctx.t.clock.now());
    const orders = await admin('GET', `/api/orders?agentId=${agent.id}&createTime=${today}&createTime=${today}`);
    expect(orders.statusCode, orders.body).toBe(200);
    const [order] = orders.json().content;
    // Above the amount that goes back without review: it waits for a second person.
    expect((await admin('PUT', '/api/global/setting', { refundReviewAbove: 100 })).statusCode).toBe(204);
    const asked = await admin('POST', `/api/orders/${order.orderNo}/refunds`, {
      amount: 500,
      reason: 'CUSTOMER',
      note: 'Tap ran dry',
    });
    const request = await changeBy(admin, asked, { type: 'order', id: order.orderNo, action: 'refund' });
    expect(request.after).toMatchObject({ amount: 500, reason: 'CUSTOMER', note: 'Tap ran dry' });
    const refundNo = request.after?.refundNo;

    const finance = await staffOf(ctx.t, admin, (await activeAgent(admin, unique('Finance '))).deptId, 'Finance');
    const [refund] = (await admin('GET', `/api/refunds?blurry=${refundNo}`)).json().content;
    const reviewed = await finance('PUT', `/api/refunds/${refund.id}/review`, {
      action: 'REJECT',
      note: 'Tap was fine',
    });
    const review = await changeBy(admin, reviewed, {
      type: 'order',
      id: order.orderNo,
      action: 'reject',
      username: expect.stringMatching(/./) as never,
    });
    expect(review.username).not.toBe('admin');
    expect(review.before).toMatchObject({ refundNo, status: 'PENDING' });
    expect(review.after).toMatchObject({ refundNo, status: 'FAILED', note: 'Tap was fine' });
  });

  it('records a withdrawal approved and paid out, and one rejected', async () => {
    const agent = await withdrawingAgent(admin, unique('Withdrawing '));
    const machine = await sellingMachineOf(ctx.t, admin, agent.id);
    for (let sale = 0; sale < 3; sale++) await coinSale(machine);
    const manager = await staffOf(ctx.t, admin, agent.deptId, 'Agent manager');
    const request = async () => {
      const asked = await manager('POST', '/api/withdrawals', { agentId: agent.id, amount: 1000, note: 'Monthly' });
      expect(asked.statusCode, asked.body).toBe(201);
      return asked.json() as { id: number; withdrawalNo: string };
    };
    const first = await request();
    const approved = await admin('PUT', `/api/withdrawals/${first.id}/review`, { action: 'APPROVE' });
    const approval = await changeBy(admin, approved, { type: 'withdrawal', id: first.id, action: 'approve' });
    expect(approval.before).toMatchObject({ withdrawalNo: first.withdrawalNo, amount: 1000, state: 'REQUESTED' });
    expect(approval.after).toMatchObject({ withdrawalNo: first.withdrawalNo, state: 'APPROVED' });
    const paid = await admin('PUT', `/api/withdrawals/${first.id}/payout`, {
      action: 'PAY',
      reference: unique('BANK'),
    });
    const payout = await changeBy(admin, paid, { type: 'withdrawal', id: first.id, action: 'pay' });
    expect(payout.before).toMatchObject({ state: 'APPROVED' });
    expect(payout.after).toMatchObject({ state: 'PAID', reference: expect.any(String) });

    const second = await request();
    const rejected = await admin('PUT', `/api/withdrawals/${second.id}/review`, {
      action: 'REJECT',
      note: 'Wrong account',
    });
    const rejection = await changeBy(admin, rejected, { type: 'withdrawal', id: second.id, action: 'reject' });
    expect(rejection.after).toMatchObject({ state: 'REJECTED', note: 'Wrong account' });
  });

  it('records a coupon template created, edited and started', async () => {
    const name = unique('Audited coupon ');
    expect((await admin('POST', '/api/coupons/templates', { ...couponTemplate, name })).statusCode).toBe(201);
    const [row] = (await admin('GET', `/api/coupons/templates?blurry=${encodeURIComponent(name)}`)).json().content;
    expect((await historyOf(admin, 'coupon-template', row.id))[0]).toMatchObject({
      action: 'create',
      after: { name, value: 30, status: 'DRAFT' },
    });
    const edited = await admin('PUT', '/api/coupons/templates', { ...couponTemplate, name, id: row.id, value: 50 });
    const edit = await changeBy(admin, edited, { type: 'coupon-template', id: row.id, action: 'update' });
    expect(edit.before).toEqual({ name, value: 30 });
    expect(edit.after).toEqual({ name, value: 50 });
    const started = await admin('PUT', `/api/coupons/templates/${row.id}/status`, { status: 'ACTIVE' });
    const start = await changeBy(admin, started, { type: 'coupon-template', id: row.id, action: 'status' });
    expect(start.before).toEqual({ name, status: 'DRAFT' });
    expect(start.after).toEqual({ name, status: 'ACTIVE' });
  });
});
