import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  flatPrice,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { formatDay } from '../../lib/time.ts';
import { agentStatements } from './ledger.schema.ts';
import { makeStatements } from './statement-generation.ts';

const DAY_MS = 86_400_000;

describe('the ledger: sales, multi-level commission, statements and the close of a period', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let hq: { id: number; deptId: number };
  let north: { id: number; deptId: number };
  let call: MachineCaller;
  let northStaff: Caller;
  let saleDay: string;
  let shortFill: string;

  /** A coin sale of 2 L (200 fen at 100 fen a litre); `dispensedMl` short of 2 L refunds the rest. */
  const coinSale = async (dispensedMl = 2000, at?: number) => {
    const no = unique('S');
    const created = await call('POST', '/gateway/v1/orders', {
      machineOrderNo: no,
      tap: 1,
      waterType: 'COLD',
      requestedMl: 2000,
      channel: 'COIN',
      ...(at ? { createdAt: at } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderNo, payable } = created.json();
    const paid = await call('POST', `/gateway/v1/orders/${no}/payment`, {
      channel: 'COIN',
      amount: payable,
      ...(at ? { paidAt: at } : {}),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const done = await call('POST', `/gateway/v1/orders/${no}/dispense`, {
      result: 'COMPLETED',
      dispensedMl,
      ...(at ? { endedAt: at } : {}),
    });
    expect(done.statusCode, done.body).toBe(200);
    return orderNo as string;
  };
  const payableOf = async (agentId: number, as: Caller = admin) => {
    const accounts = (await as('GET', `/api/ledger/accounts?agentId=${agentId}&type=COMMISSION_PAYABLE`)).json();
    return -(accounts.content[0]?.balance ?? 0);
  };
  const statement = async (agentId: number, period: string, as: Caller = admin) =>
    as('GET', `/api/statements?agentId=${agentId}&period=${period}`);

  beforeAll(async () => {
    await flatPrice(admin, 100);
    const modelId = (await machineModel(admin)).id;
    hq = await activeAgent(admin, unique('HQ '), { quota: 10, rate: '20' });
    north = await activeAgent(admin, unique('North '), { parentId: hq.id, level: 'PROVINCE', rate: '15' });
    const machine = await operatingMachine(admin, {
      modelId,
      agentId: north.id,
      siteId: (await siteOf(admin, north.id)).id,
    });
    call = machineCaller(ctx.t, machine);
    northStaff = await staffOf(ctx.t, admin, north.deptId, 'Agent manager');
    saleDay = formatDay(ctx.t.clock.now());
    await coinSale(); // 200 fen paid: north 15 % = 30, HQ 20 − 15 = 5 % = 10
    shortFill = await coinSale(1000); // 200 paid, 100 back: north 15, HQ 5
  });

  it('gives the seller its rate and the agent above the difference, less what refunds took back', async () => {
    expect(await payableOf(north.id)).toBe(30 + 15);
    expect(await payableOf(hq.id)).toBe(10 + 5);
    const detail = (await admin('GET', `/api/orders/${shortFill}`)).json();
    expect(detail.commission.levels).toEqual([
      { agentId: hq.id, agentName: expect.any(String), rate: '5.00', amount: 5, held: false },
      { agentId: north.id, agentName: expect.any(String), rate: '15.00', amount: 15, held: false },
    ]);
  });

  it('keeps the books balanced: every account together sums to zero', async () => {
    const trial = (await admin('GET', '/api/ledger/trial-balance')).json();
    expect(trial.total).toBe(0);
    const byType = Object.fromEntries(
      trial.types.map((type: { type: string; balance: number }) => [type.type, type.balance]),
    );
    expect(byType.COMMISSION_EXPENSE).toBe(60);
    // 400 paid by coins, 100 of it paid straight back by the machine.
    expect(byType.CHANNEL_RECEIVABLE).toBe(300);
    expect(byType.PLATFORM_REVENUE).toBe(-300);
  });

  it('aggregates a day’s commission into one posting per agent and depth, counting its orders', async () => {
    const postings = (
      await admin('GET', `/api/ledger/postings?day=${saleDay}&day=${saleDay}&kind=COMMISSION&size=50`)
    ).json();
    const ours = postings.content.filter((posting: { agentId: number }) => [north.id, hq.id].includes(posting.agentId));
    expect(ours.map((posting: { subject: string; items: number }) => [posting.subject, posting.items]).sort()).toEqual(
      [
        [`${hq.id}/1`, 2],
        [`${north.id}/0`, 2],
      ].sort(),
    );
    for (const posting of postings.content) {
      expect(posting.entries.reduce((sum: number, entry: { amount: number }) => sum + entry.amount, 0)).toBe(0);
    }
  });

  it('states per level what an agent earned and gave back, and equals the orders behind it', async () => {
    const answer = await statement(hq.id, saleDay);
    expect(answer.statusCode, answer.body).toBe(200);
    const payable = answer.json().accounts.find((account: { type: string }) => account.type === 'COMMISSION_PAYABLE');
    expect(payable.opening).toBe(0);
    expect(payable.lines).toEqual([
      { kind: 'COMMISSION', depth: 1, amount: 20, items: 2 },
      { kind: 'REVERSAL', depth: 1, amount: -5, items: 1 },
    ]);
    expect(payable.closing).toBe(15);
    const orders = (await admin('GET', `/api/statements/orders?agentId=${hq.id}&period=${saleDay}`)).json();
    expect(orders.totalElements).toBe(2);
    expect(
      orders.content.every((order: { depth: number; rate: string }) => order.depth === 1 && order.rate === '5.00'),
    ).toBe(true);
    expect(orders.content.reduce((sum: number, order: { amount: number }) => sum + order.amount, 0)).toBe(15);
  });

  it('writes the statement as Excel and as a PDF, in the asked language', async () => {
    const month = saleDay.slice(0, 7);
    const xlsx = await admin(
      'GET',
      `/api/statements/download?agentId=${north.id}&period=${month}&format=xlsx`,
      undefined,
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const pdf = await admin('GET', `/api/statements/download?agentId=${north.id}&period=${month}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows agents’ staff their own statements only, and none of the platform’s books', async () => {
    expect((await statement(north.id, saleDay, northStaff)).statusCode).toBe(200);
    const balances = (await northStaff('GET', '/api/statements/agents')).json();
    expect(balances.map((agent: { agentId: number }) => agent.agentId)).toEqual([north.id]);
    expect(balances[0]).toMatchObject({ available: 45, held: 0 });
    const other = await statement(hq.id, saleDay, northStaff);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('"accounts"');
    const orders = await northStaff('GET', `/api/statements/orders?agentId=${hq.id}&period=${saleDay}`);
    expect(orders.statusCode).toBe(404);
    const file = await northStaff('GET', `/api/statements/download?agentId=${hq.id}&period=${saleDay}&format=xlsx`);
    expect(file.statusCode).toBe(404);
    expect((await northStaff('GET', '/api/ledger/accounts')).statusCode).toBe(403);
    expect((await northStaff('GET', '/api/ledger/trial-balance')).statusCode).toBe(403);
  });

  it('refuses bad periods and ranges with a clear 400', async () => {
    const month13 = await statement(north.id, '2026-13');
    expect(month13.statusCode).toBe(400);
    const reversed = await admin('GET', '/api/ledger/postings?day=2026-02-01&day=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    const long = await admin('GET', '/api/ledger/postings?day=2025-01-01&day=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('93');
  });

  it('closes a day only once it is over and in order; what comes later for it is booked on the next open day', async () => {
    const notOver = await admin('POST', '/api/ledger/periods', { period: saleDay });
    expect(notOver.statusCode).toBe(409);
    expect(
      (await admin('POST', '/api/ledger/periods', { period: saleDay }, { 'accept-language': 'zh-CN' })).json().message,
    ).toContain('尚未结束');

    ctx.t.clock.advance(DAY_MS);
    // A day later: signed in afresh.
    const finance = callerFor(ctx.t, await tokenOf(ctx.t));
    const closed = await finance('POST', '/api/ledger/periods', { period: saleDay });
    expect(closed.statusCode, closed.body).toBe(201);
    expect((await finance('POST', '/api/ledger/periods', { period: saleDay })).statusCode).toBe(409);
    const before = (await statement(north.id, saleDay, finance)).json();
    expect(before.closed).toBe(true);

    // A sale the machine made offline on the closed day arrives now: booked today, the closed day unchanged.
    await coinSale(2000, ctx.t.clock.now().getTime() - DAY_MS);
    const after = (await statement(north.id, saleDay, finance)).json();
    expect(after).toEqual(before);
    const today = formatDay(ctx.t.clock.now());
    const todays = (await statement(north.id, today, finance)).json();
    const payable = todays.accounts.find((account: { type: string }) => account.type === 'COMMISSION_PAYABLE');
    expect(payable.opening).toBe(45);
    expect(payable.lines).toEqual([{ kind: 'COMMISSION', depth: 0, amount: 30, items: 1 }]);
    expect(payable.closing).toBe(75);
  });

  it('makes a closed period’s statements in the background for whoever closed it, each agent’s once', async () => {
    const finance = callerFor(ctx.t, await tokenOf(ctx.t));
    await ctx.t.app.tasks.idle('statements');
    const tasks = (await finance('GET', '/api/tasks')).json() as { kind: string; state: string; progress: number }[];
    expect(tasks.filter((task) => task.kind === 'statements')).toEqual([
      expect.objectContaining({ state: 'DONE', progress: 100 }),
    ]);
    const { db } = ctx.t.database;
    const saved = () => db.select().from(agentStatements).where(eq(agentStatements.period, saleDay));
    const made = (await saved()).map((row) => row.agentId);
    expect(made).toEqual(expect.arrayContaining([hq.id, north.id]));
    expect(new Set(made).size).toBe(made.length);
    const shown = (await statement(north.id, saleDay, finance)).json();
    expect((await saved()).find((row) => row.agentId === north.id)?.statement).toEqual(shown);

    // Cut off after its first agent, then run again as the queue would: the rest made, none twice.
    await db.delete(agentStatements).where(eq(agentStatements.period, saleDay));
    let told = 0;
    const cutOff = async () => {
      told += 1;
      if (told === 1) throw new Error('the instance stopped');
    };
    await expect(makeStatements(db, { period: saleDay }, cutOff)).rejects.toThrow('the instance stopped');
    expect(await saved()).toHaveLength(1);
    expect(await makeStatements(db, { period: saleDay }, async () => undefined)).toBe(made.length - 1);
    expect(await makeStatements(db, { period: saleDay, agentId: north.id }, async () => undefined)).toBe(0);
    expect((await saved()).map((row) => row.agentId).sort()).toEqual([...made].sort());
    // An open period's statements are not made: they may still change.
    expect(await makeStatements(db, { period: formatDay(ctx.t.clock.now()) }, async () => undefined)).toBe(0);
  });

  it('holds what a frozen agent earns, and makes it available when the agent is unfrozen', async () => {
    // The clock has moved a day on: signed in afresh.
    const admin = callerFor(ctx.t, await tokenOf(ctx.t));
    const balance = async () =>
      (
        (await admin('GET', '/api/statements/agents')).json() as { agentId: number; available: number; held: number }[]
      ).find((agent) => agent.agentId === north.id);
    const before = await balance();
    expect((await admin('PUT', `/api/agents/${north.id}/review`, { action: 'FREEZE' })).statusCode).toBe(200);
    const orderNo = await coinSale(); // 200 fen: north 15 % = 30, held while it is frozen
    expect(await balance()).toEqual({ ...before, status: 'FROZEN', held: 30 });
    const levels = (await admin('GET', `/api/orders/${orderNo}`)).json().commission.levels;
    expect(levels.find((level: { agentId: number }) => level.agentId === north.id)).toMatchObject({
      amount: 30,
      held: true,
    });

    expect((await admin('PUT', `/api/agents/${north.id}/review`, { action: 'UNFREEZE' })).statusCode).toBe(200);
    expect(await balance()).toEqual({ ...before, available: (before?.available ?? 0) + 30, held: 0 });
    const today = formatDay(ctx.t.clock.now());
    const released = (await admin('GET', `/api/ledger/postings?day=${today}&day=${today}&kind=RELEASE&size=50`)).json()
      .content as { subject: string; entries: { amount: number }[] }[];
    expect(released.filter((posting) => posting.subject === String(north.id))).toHaveLength(1);
  });
});
