import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, flatPrice, staffOf as staffOfDept, unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { formatDay } from '../../lib/time.ts';
import {
  accountBalance,
  coinSale,
  ledgerTotal,
  postingOf,
  sellingMachineOf,
  withdrawingAgent,
} from './test-fixtures.ts';

const zh = { 'accept-language': 'zh-CN' };

describe('withdrawals', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  const staffOf = (dept: number, role: string) => staffOfDept(ctx.t, admin, dept, role);
  let north: { id: number; deptId: number; name: string; settlementAccount: string | null };
  let northManager: Caller;
  let finance: Caller;
  /** The commission north earned from its sales (fen). */
  let earned: number;

  const balanceOf = async (as: Caller, agentId: number) => {
    const page = (await as('GET', `/api/withdrawals/balances?agentId=${agentId}`)).json();
    return page.content[0];
  };
  const request = (as: Caller, amount: number, agentId = north.id, headers: Record<string, string> = {}) =>
    as('POST', '/api/withdrawals', { agentId, amount, note: 'Monthly' }, headers);
  const requested = async (amount: number, as: Caller = northManager) => {
    const answer = await request(as, amount);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { id: number; withdrawalNo: string; amount: number; fee: number; net: number };
  };

  beforeAll(async () => {
    // 1,000 fen a litre on every channel: a 10-litre card sale pays CN¥100.00, 20 % of it north's.
    await flatPrice(admin, 1000);
    // A withdrawal costs CN¥0.50 plus 1 %, and asks for at least CN¥10.00.
    const terms = await admin('PUT', '/api/global/setting', {
      withdrawalMinimum: 1000,
      withdrawalFeeFixed: 50,
      withdrawalFeePercent: '1',
    });
    expect(terms.statusCode, terms.body).toBe(204);
    north = await withdrawingAgent(admin, unique('North '));
    const call = await sellingMachineOf(ctx.t, admin, north.id);
    for (let sale = 0; sale < 5; sale++) await coinSale(call);
    earned = 5 * 2000;
    northManager = await staffOf(north.deptId, 'Agent manager');
    finance = await staffOf((await activeAgent(admin, unique('Finance dept '))).deptId, 'Finance');
  });

  it('shows an agent’s staff its balance from its sales, and the terms of a withdrawal', async () => {
    expect(await balanceOf(northManager, north.id)).toEqual({
      agentId: north.id,
      agentName: north.name,
      agentCode: expect.any(String),
      settlementAccount: north.settlementAccount,
      available: earned,
      held: 0,
      inTransit: 0,
      paidOut: 0,
    });
    expect(await accountBalance(ctx.t, `COMMISSION_PAYABLE:${north.id}`)).toBe(-earned);
    expect((await northManager('GET', '/api/withdrawals/terms')).json()).toEqual({
      minimum: 1000,
      feeFixed: 50,
      feePercent: '1',
    });
  });

  it('takes its terms from the global settings, checked as finance sets them', async () => {
    for (const [field, value] of [
      ['withdrawalFeePercent', '100'],
      ['withdrawalFeePercent', '0.125'],
      ['withdrawalFeeFixed', -1],
      ['withdrawalMinimum', 1.5],
    ] as const) {
      const refused = await admin('PUT', '/api/global/setting', { [field]: value });
      expect(refused.statusCode, `${field} ${value}`).toBe(400);
      expect(refused.json().errors[0].field).toBe(field);
    }
    expect((await northManager('GET', '/api/withdrawals/terms')).json()).toEqual({
      minimum: 1000,
      feeFixed: 50,
      feePercent: '1',
    });
  });

  it('takes a request out of the available balance at once, with its fee, into transit (WITHDRAWAL)', async () => {
    const inTransit = await accountBalance(ctx.t, 'WITHDRAWALS_IN_TRANSIT');
    const fees = await accountBalance(ctx.t, 'WITHDRAWAL_FEES');
    // CN¥12.34: 1 % is 12.34 fen, 12 fen; with the fixed 50 fen, 62 fen.
    const withdrawal = await requested(1234);
    expect(withdrawal).toMatchObject({
      agentId: north.id,
      agentName: north.name,
      amount: 1234,
      fee: 62,
      net: 1172,
      state: 'REQUESTED',
      settlementAccount: north.settlementAccount,
      note: 'Monthly',
      payoutDriver: 'MANUAL',
      payoutRef: null,
      withdrawalNo: expect.stringMatching(/^W\d{8}\d{6}$/),
    });
    expect(await balanceOf(northManager, north.id)).toMatchObject({ available: earned - 1234, inTransit: 1234 });
    expect(await postingOf(ctx.t, 'WITHDRAWAL', withdrawal.withdrawalNo)).toEqual({
      [`COMMISSION_PAYABLE:${north.id}`]: 1234,
      WITHDRAWALS_IN_TRANSIT: -1172,
      WITHDRAWAL_FEES: -62,
    });
    expect(await accountBalance(ctx.t, 'WITHDRAWALS_IN_TRANSIT')).toBe(inTransit - 1172);
    expect(await accountBalance(ctx.t, 'WITHDRAWAL_FEES')).toBe(fees - 62);
    expect(await ledgerTotal(ctx.t)).toBe(0);
    // Rejected, it comes back in full (WITHDRAWAL_RETURN, the exact reverse).
    const rejected = await finance('PUT', `/api/withdrawals/${withdrawal.id}/review`, {
      action: 'REJECT',
      note: 'Wrong month',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'REJECTED',
      reviewNote: 'Wrong month',
      doneTime: expect.any(String),
    });
    expect(await postingOf(ctx.t, 'WITHDRAWAL_RETURN', withdrawal.withdrawalNo)).toEqual({
      [`COMMISSION_PAYABLE:${north.id}`]: -1234,
      WITHDRAWALS_IN_TRANSIT: 1172,
      WITHDRAWAL_FEES: 62,
    });
    expect(await balanceOf(northManager, north.id)).toMatchObject({ available: earned, inTransit: 0 });
    expect(await accountBalance(ctx.t, 'WITHDRAWALS_IN_TRANSIT')).toBe(inTransit);
  });

  it('refuses more than the available balance, less than the minimum, and a fee that leaves nothing, in both languages', async () => {
    const tooMuch = await request(northManager, earned + 1);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `amount: at most ${(earned / 100).toFixed(2)} yuan is available`,
      errors: [{ field: 'amount', code: 'too_large', params: { limit: earned } }],
    });
    const inChinese = await request(northManager, earned + 1, north.id, zh);
    expect(inChinese.json().message).toBe(`amount：最多可提现 ${(earned / 100).toFixed(2)} 元`);
    const tooLittle = await request(northManager, 999);
    expect(tooLittle.json()).toMatchObject({
      status: 400,
      errors: [{ field: 'amount', code: 'too_small', params: { limit: 1000 } }],
    });
    expect((await request(northManager, 999, north.id, zh)).json().message).toBe('amount：每笔提现至少 10.00 元');
    expect(await balanceOf(northManager, north.id)).toMatchObject({ available: earned, inTransit: 0 });

    // A fee of CN¥20.00 (the settings replaced: no minimum, no percentage) takes all of a CN¥15.00 withdrawal.
    expect((await admin('PUT', '/api/global/setting', { withdrawalFeeFixed: 2000 })).statusCode).toBe(204);
    try {
      const eaten = await request(northManager, 1500, north.id, zh);
      expect(eaten.json()).toMatchObject({ status: 400, errors: [{ field: 'amount' }] });
      expect(eaten.json().message).toContain('手续费 20.00 元');
    } finally {
      await admin('PUT', '/api/global/setting', {
        withdrawalMinimum: 1000,
        withdrawalFeeFixed: 50,
        withdrawalFeePercent: '1',
      });
    }
  });

  it('refuses an agent without a settlement account, a frozen one, and one outside the caller’s reach', async () => {
    const bare = await withdrawingAgent(admin, unique('Bare '), { settlementAccount: null });
    const noAccount = await request(admin, 1000, bare.id, zh);
    expect(noAccount.json()).toMatchObject({ status: 400, code: 'RULE_VIOLATED' });
    expect(noAccount.json().message).toBe(`代理商「${bare.name}」尚未设置结算账户，请先在代理商资料中设置`);

    const frozen = await withdrawingAgent(admin, unique('Frozen '));
    expect((await admin('PUT', `/api/agents/${frozen.id}/review`, { action: 'FREEZE' })).statusCode).toBe(200);
    const refused = await request(admin, 1000, frozen.id);
    expect(refused.json()).toMatchObject({ status: 400, code: 'RULE_VIOLATED' });
    expect(refused.json().message).toMatch(/frozen/);

    const outside = await request(northManager, 1000, bare.id);
    expect(outside.json()).toMatchObject({ status: 400, errors: [{ field: 'agentId', code: 'unknown_reference' }] });
    expect((await request(northManager, 1000, 999_999)).statusCode).toBe(400);
  });

  it('is reviewed and paid out by someone else than its requester, once per reference (PAYOUT)', async () => {
    // The administrator may request, review and pay, but never its own request.
    const own = await requested(2000, admin);
    const ownReview = await admin('PUT', `/api/withdrawals/${own.id}/review`, { action: 'APPROVE' }, zh);
    expect(ownReview.json()).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: '这是您本人申请的提现，须由他人审核和打款',
    });
    expect((await finance('PUT', `/api/withdrawals/${own.id}/review`, { action: 'APPROVE' })).statusCode).toBe(200);
    expect(
      (await admin('PUT', `/api/withdrawals/${own.id}/payout`, { action: 'PAY', reference: 'OWN1' })).statusCode,
    ).toBe(403);
    // Rejecting needs a reason; approving twice is refused the second time, in the console's language.
    const withdrawal = await requested(3000);
    const noReason = await finance('PUT', `/api/withdrawals/${withdrawal.id}/review`, { action: 'REJECT', note: ' ' });
    expect(noReason.json()).toMatchObject({ status: 400, errors: [{ field: 'note', code: 'required' }] });
    const approved = await finance('PUT', `/api/withdrawals/${withdrawal.id}/review`, { action: 'APPROVE' });
    expect(approved.json()).toMatchObject({ state: 'APPROVED', reviewedBy: expect.any(String) });
    const again = await finance('PUT', `/api/withdrawals/${withdrawal.id}/review`, { action: 'APPROVE' }, zh);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'APPROVED', event: 'APPROVE' });
    expect(again.json().message).toBe(
      '该提现单当前为「待打款」，不能执行此操作（可能刚被他人处理）。请刷新后查看最新状态。',
    );

    // Paying needs the transfer's reference; the same reference again pays nothing more.
    const bank = await accountBalance(ctx.t, 'BANK');
    const noReference = await finance('PUT', `/api/withdrawals/${withdrawal.id}/payout`, { action: 'PAY' });
    expect(noReference.json()).toMatchObject({ status: 400, errors: [{ field: 'reference', code: 'required' }] });
    const paid = await finance('PUT', `/api/withdrawals/${withdrawal.id}/payout`, {
      action: 'PAY',
      reference: 'TX-001',
    });
    expect(paid.json()).toMatchObject({ state: 'PAID', payoutRef: 'TX-001', paidBy: expect.any(String) });
    const replay = await finance('PUT', `/api/withdrawals/${withdrawal.id}/payout`, {
      action: 'PAY',
      reference: 'TX-001',
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(paid.json());
    expect(await postingOf(ctx.t, 'PAYOUT', withdrawal.withdrawalNo)).toEqual({
      WITHDRAWALS_IN_TRANSIT: withdrawal.net,
      BANK: -withdrawal.net,
    });
    expect(await accountBalance(ctx.t, 'BANK')).toBe(bank - withdrawal.net);
    // Another reference for a paid withdrawal is refused; a reference pays one withdrawal only.
    const other = await finance('PUT', `/api/withdrawals/${withdrawal.id}/payout`, {
      action: 'PAY',
      reference: 'TX-002',
    });
    expect(other.json()).toMatchObject({ status: 409, code: 'STATE_CONFLICT', state: 'PAID', event: 'PAY' });
    expect(other.json().message).toMatch(/TX-001/);
    const second = await requested(1000);
    await finance('PUT', `/api/withdrawals/${second.id}/review`, { action: 'APPROVE' });
    const taken = await finance('PUT', `/api/withdrawals/${second.id}/payout`, { action: 'PAY', reference: 'TX-001' });
    expect(taken.json()).toMatchObject({
      status: 400,
      errors: [
        { field: 'reference', code: 'taken', message: `is the reference of withdrawal ${withdrawal.withdrawalNo}` },
      ],
    });
    expect(await accountBalance(ctx.t, 'BANK')).toBe(bank - withdrawal.net);
    expect(await balanceOf(northManager, north.id)).toMatchObject({ paidOut: withdrawal.net });
    expect(await ledgerTotal(ctx.t)).toBe(0);
  });

  it('gives the money back when the payout fails (WITHDRAWAL_RETURN), with what the bank said', async () => {
    const before = (await balanceOf(northManager, north.id)).available;
    const withdrawal = await requested(1500);
    await finance('PUT', `/api/withdrawals/${withdrawal.id}/review`, { action: 'APPROVE' });
    const noNote = await finance('PUT', `/api/withdrawals/${withdrawal.id}/payout`, { action: 'FAIL' });
    expect(noNote.json()).toMatchObject({ status: 400, errors: [{ field: 'note', code: 'required' }] });
    const failed = await finance('PUT', `/api/withdrawals/${withdrawal.id}/payout`, {
      action: 'FAIL',
      note: 'Account closed',
    });
    expect(failed.json()).toMatchObject({ state: 'FAILED', payoutRef: null });
    expect(await postingOf(ctx.t, 'WITHDRAWAL_RETURN', withdrawal.withdrawalNo)).toEqual({
      [`COMMISSION_PAYABLE:${north.id}`]: -1500,
      WITHDRAWALS_IN_TRANSIT: withdrawal.net,
      WITHDRAWAL_FEES: withdrawal.fee,
    });
    expect((await balanceOf(northManager, north.id)).available).toBe(before);
    const paidLate = await finance('PUT', `/api/withdrawals/${withdrawal.id}/payout`, {
      action: 'PAY',
      reference: 'TX-9',
    });
    expect(paidLate.json()).toMatchObject({ status: 409, state: 'FAILED', event: 'PAY' });

    const detail = (await northManager('GET', `/api/withdrawals/${withdrawal.id}`)).json();
    expect(detail.timeline).toEqual([
      expect.objectContaining({ step: 'REQUEST', state: 'REQUESTED', note: 'Monthly', time: detail.createTime }),
      expect.objectContaining({ step: 'APPROVE', state: 'APPROVED', note: null }),
      expect.objectContaining({ step: 'FAIL', state: 'FAILED', note: 'Account closed' }),
    ]);
    expect(new Set(detail.timeline.map((step: { by: string }) => step.by)).size).toBe(2);
  });

  it('lists the review queue first, filtered by agent, state and time, with its totals and its file', async () => {
    const waiting = await requested(1000);
    const page = (await finance('GET', `/api/withdrawals?agentId=${north.id}&size=50`)).json();
    expect(page.content[0]).toMatchObject({ id: waiting.id, state: 'REQUESTED' });
    const states = page.content.map((row: { state: string }) => row.state);
    expect(states.lastIndexOf('REQUESTED')).toBeLessThan(states.indexOf('APPROVED'));
    expect(states.lastIndexOf('APPROVED')).toBeLessThan(states.findIndex((s: string) => s === 'PAID'));
    const requestedOnly = (await finance('GET', `/api/withdrawals?state=REQUESTED&agentId=${north.id}`)).json();
    expect(requestedOnly.content.every((row: { state: string }) => row.state === 'REQUESTED')).toBe(true);
    const today = formatDay(ctx.t.clock.now());
    const none = await finance(
      'GET',
      `/api/withdrawals?createTime=2020-01-01&createTime=2020-01-02&agentId=${north.id}`,
    );
    expect(none.json()).toEqual({ content: [], totalElements: 0 });
    const totals = (await finance('GET', `/api/withdrawals/totals?agentId=${north.id}&state=REQUESTED`)).json();
    expect(totals).toMatchObject({ count: requestedOnly.totalElements });
    expect(totals.net).toBe(totals.amount - totals.fee);
    const file = await finance(
      'GET',
      `/api/withdrawals/download?agentId=${north.id}&createTime=${today}&createTime=${today}`,
      undefined,
      zh,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
  });
});
