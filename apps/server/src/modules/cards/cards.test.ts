import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, staffOf, toppedUpCard, unique } from '../../../test/business-fixtures.ts';
import { listExportIn } from '../../../test/list-export.ts';
import type { Caller } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { luhnDigit } from './card-secrets.ts';
import { cardBusiness, cardOf, cardOrder, ledgerBalance, setCardRules } from './test-fixtures.ts';

describe('water cards', () => {
  const ctx = useTestApp();
  let business: Awaited<ReturnType<typeof cardBusiness>>;
  const admin: Caller = (...args) => ctx.admin(...args);
  const topUp = (as: Caller, id: number, amount: number, requestId = unique('top-up-')) =>
    as('POST', `/api/cards/${id}/top-ups`, { amount, channel: 'WECHAT', requestId });

  beforeAll(async () => {
    business = await cardBusiness(ctx);
    await setCardRules(admin, {
      cardBonusRules: [
        { minTopUp: 10_000, bonus: 500 },
        { minTopUp: 50_000, bonus: 5_000 },
      ],
    });
  });

  it('issues batches, anonymous by count and named by phone, each secret answered once only', async () => {
    const { east } = business;
    const before = ctx.t.bodies.length;
    const batch = await admin('POST', '/api/cards/batches', { agentId: east.id, count: 3, perUseLimit: 1000 });
    expect(batch.statusCode, batch.body).toBe(201);
    const { batchNo, cards } = batch.json() as {
      batchNo: string;
      cards: { id: number; cardNo: string; secret: string }[];
    };
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.cardNo).toMatch(/^8\d{15}$/);
      expect(luhnDigit(card.cardNo.slice(0, 15))).toBe(card.cardNo.slice(15));
      expect(card.secret).toMatch(/^[A-Z2-9]{12}$/);
    }
    const listed = (await admin('GET', `/api/cards?blurry=${batchNo}`)).json();
    expect(listed.totalElements).toBe(3);
    expect(listed.content[0]).toMatchObject({
      kind: 'ANONYMOUS',
      state: 'ACTIVE',
      balance: 0,
      perUseLimit: 1000,
      agentName: east.name,
    });
    await admin('GET', `/api/cards/${cards[0]?.id}`);
    const later = ctx.t.bodies.slice(before + 1).join('\n');
    for (const card of cards) expect(later).not.toContain(card.secret);

    const named = await admin('POST', '/api/cards/batches', { agentId: east.id, phones: ['13912340001'] });
    expect(named.json().cards[0]).toMatchObject({ memberPhone: '139****0001' });
    const found = (await admin('GET', '/api/cards?blurry=13912340001&kind=NAMED')).json().content;
    expect(found).toEqual([expect.objectContaining({ kind: 'NAMED', memberPhone: '139****0001' })]);

    const both = await admin('POST', '/api/cards/batches', { agentId: east.id, count: 1, phones: ['13912340002'] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'count', code: 'required' })] });
    const nobody = await admin('POST', '/api/cards/batches', { agentId: 999_999, count: 1 });
    expect(nobody.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'agentId' })] });
  });

  it('tops up with the bonus the rules grant, principal and bonus apart, once per request, and books it', async () => {
    const { east } = business;
    const card = await toppedUpCard(admin, east.id, 0);
    const ledger = {
      wechat: await ledgerBalance(ctx, 'CHANNEL_RECEIVABLE:WECHAT'),
      principal: await ledgerBalance(ctx, `CARD_PRINCIPAL:${east.id}`),
      bonus: await ledgerBalance(ctx, `CARD_BONUS:${east.id}`),
      expense: await ledgerBalance(ctx, 'CARD_BONUS_EXPENSE'),
    };
    const requestId = unique('top-up-');
    const first = await topUp(admin, card.id, 20_000, requestId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ principal: 20_000, bonus: 500, card: { principal: 20_000, bonus: 500 } });
    const again = await topUp(admin, card.id, 20_000, requestId);
    expect(again.json()).toMatchObject({ principal: 20_000, bonus: 500, card: { balance: 20_500 } });
    expect((await topUp(admin, card.id, 50_000)).json()).toMatchObject({ bonus: 5_000, card: { balance: 75_500 } });

    expect(await ledgerBalance(ctx, 'CHANNEL_RECEIVABLE:WECHAT')).toBe(ledger.wechat + 70_000);
    expect(await ledgerBalance(ctx, `CARD_PRINCIPAL:${east.id}`)).toBe(ledger.principal - 70_000);
    expect(await ledgerBalance(ctx, `CARD_BONUS:${east.id}`)).toBe(ledger.bonus - 5_500);
    expect(await ledgerBalance(ctx, 'CARD_BONUS_EXPENSE')).toBe(ledger.expense + 5_500);
    const history = (await admin('GET', `/api/cards/${card.id}/movements`)).json();
    expect(history.totalElements).toBe(2);
    expect(history.content[1]).toMatchObject({
      move: 'TOP_UP',
      amount: 20_500,
      channel: 'WECHAT',
      balanceAfter: 20_500,
    });
  });

  it('keeps a card within the legal cap of its kind, refusing a top-up beyond it in the console’s language', async () => {
    const { east } = business;
    const anonymous = await toppedUpCard(admin, east.id, 0);
    // 95 000 and its 5 000 bonus: exactly the CN¥1,000 an anonymous card may hold.
    expect((await topUp(admin, anonymous.id, 95_000)).json()).toMatchObject({ card: { balance: 100_000 } });
    const beyond = await topUp(admin, anonymous.id, 1);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'amount: the card would hold 1000.01 yuan, above the cap of 1000.00 yuan for anonymous cards (at most 0.00 yuan may be topped up)',
      errors: [expect.objectContaining({ field: 'amount', code: 'too_large', params: { limit: 0 } })],
    });
    const inChinese = await admin(
      'POST',
      `/api/cards/${anonymous.id}/top-ups`,
      { amount: 1, channel: 'CASH', requestId: unique('top-up-') },
      { 'accept-language': 'zh-CN' },
    );
    expect(inChinese.json().message).toContain('超过不记名卡 1000.00 元的上限');

    const named = await toppedUpCard(admin, east.id, 0, { phone: '13912340003' });
    expect((await topUp(admin, named.id, 495_000)).json()).toMatchObject({ card: { balance: 500_000 } });
    expect((await topUp(admin, named.id, 1)).json()).toMatchObject({
      message: expect.stringContaining('above the cap of 5000.00 yuan for named cards'),
    });
    expect((await cardOf(admin, named.id)).balance).toBe(500_000);
  });

  it('freezes, unfreezes and reissues through the state table, the new card carrying the whole balance', async () => {
    const { east, eastCall } = business;
    const card = await toppedUpCard(admin, east.id, 10_000);
    const state = (action: string, id = card.id) => admin('PUT', `/api/cards/${id}/state`, { action });
    expect((await admin('POST', `/api/cards/${card.id}/reissue`)).json()).toMatchObject({
      status: 409,
      code: 'STATE_CONFLICT',
    });
    expect((await state('FREEZE')).json()).toMatchObject({ state: 'FROZEN' });
    expect((await state('FREEZE')).statusCode).toBe(409);
    expect((await topUp(admin, card.id, 100)).json()).toMatchObject({ code: 'STATE_CONFLICT' });
    const frozen = await (await cardOrder(eastCall, 1000)).pay(card);
    expect(frozen.json()).toMatchObject({ code: 'CARD_REFUSED', message: expect.stringMatching(/FROZEN/) });
    expect((await state('UNFREEZE')).json()).toMatchObject({ state: 'ACTIVE' });
    expect((await (await cardOrder(eastCall, 1000)).pay(card)).statusCode).toBe(200);
    const principal = await ledgerBalance(ctx, `CARD_PRINCIPAL:${east.id}`);

    expect((await state('FREEZE')).statusCode).toBe(200);
    const reissued = await admin('POST', `/api/cards/${card.id}/reissue`);
    expect(reissued.statusCode, reissued.body).toBe(201);
    const { card: next, secret } = reissued.json() as { card: { id: number; cardNo: string }; secret: string };
    expect(next).toMatchObject({ state: 'ACTIVE', principal: 9_900, bonus: 500, replacesNo: card.cardNo });
    expect(next.cardNo).not.toBe(card.cardNo);
    expect(await cardOf(admin, card.id)).toMatchObject({ state: 'REISSUED', balance: 0, replacedByNo: next.cardNo });
    expect((await state('UNFREEZE')).statusCode).toBe(409);
    expect(await ledgerBalance(ctx, `CARD_PRINCIPAL:${east.id}`)).toBe(principal);

    // The old card pays no more; the new one with its own secret only.
    expect((await (await cardOrder(eastCall, 1000)).pay(card)).json()).toMatchObject({ code: 'CARD_REFUSED' });
    const oldSecret = await (await cardOrder(eastCall, 1000)).pay({ cardNo: next.cardNo, cardSecret: card.cardSecret });
    expect(oldSecret.statusCode).toBe(403);
    expect((await (await cardOrder(eastCall, 1000)).pay({ cardNo: next.cardNo, cardSecret: secret })).statusCode).toBe(
      200,
    );

    const moves = async (id: number) =>
      ((await admin('GET', `/api/cards/${id}/movements`)).json().content as { move: string; otherCardNo: string }[])
        .map((move) => [move.move, move.otherCardNo])
        .reverse();
    expect(await moves(card.id)).toEqual([
      ['TOP_UP', null],
      ['FREEZE', null],
      ['UNFREEZE', null],
      ['SALE', null],
      ['FREEZE', null],
      ['CARRY_OUT', next.cardNo],
    ]);
    expect(await moves(next.id)).toEqual([
      ['CARRY_IN', card.cardNo],
      ['SALE', null],
    ]);
  });

  it('reports what each agent owes its cardholders, equal to the ledger to the fen, with the reserve it should keep', async () => {
    const { hq, east, west, eastCall } = business;
    await toppedUpCard(admin, west.id, 30_000);
    await toppedUpCard(admin, east.id, 5_000);
    // Commission earned by the east agent's sales: its reserve.
    const hqCard = await toppedUpCard(admin, hq.id, 20_000);
    for (let sale = 0; sale < 3; sale++)
      expect((await (await cardOrder(eastCall, 10_000)).pay(hqCard)).statusCode).toBe(200);

    /** A credit balance, as a positive amount. */
    const credit = async (code: string) => 0 - (await ledgerBalance(ctx, code));
    const report = async () =>
      (await admin('GET', '/api/cards/liabilities?size=50')).json().content as Record<
        string,
        number | string | boolean
      >[];
    const rows = await report();
    expect(rows.map((row) => row.agentId).sort()).toEqual([hq.id, east.id, west.id].sort());
    for (const row of rows) {
      const cards = (await admin('GET', `/api/cards?agentId=${row.agentId}&size=500`)).json().content as {
        principal: number;
        bonus: number;
        state: string;
      }[];
      const sum = (part: 'principal' | 'bonus') => cards.reduce((total, card) => total + card[part], 0);
      expect(row).toMatchObject({
        principal: sum('principal'),
        bonus: sum('bonus'),
        total: sum('principal') + sum('bonus'),
        cards: cards.filter((card) => card.state !== 'REISSUED').length,
        ledgerPrincipal: await credit(`CARD_PRINCIPAL:${row.agentId}`),
        ledgerBonus: await credit(`CARD_BONUS:${row.agentId}`),
        reserve: await credit(`COMMISSION_PAYABLE:${row.agentId}`),
      });
      expect(row.ledgerPrincipal).toBe(row.principal);
      expect(row.ledgerBonus).toBe(row.bonus);
      // 20 % of the balances unless set.
      expect(row.reserveRequired).toBe(Math.round((row.total as number) * 0.2));
      expect(row.reserveShort).toBe((row.reserve as number) < (row.reserveRequired as number));
    }
    const eastRow = rows.find((row) => row.agentId === east.id);
    expect(eastRow?.reserve).toBeGreaterThan(0);

    await setCardRules(admin, { cardReserveSharePct: 0 });
    expect((await report()).filter((row) => row.reserveShort)).toEqual([]);
    await setCardRules(admin, { cardReserveSharePct: 100 });
    expect((await report()).filter((row) => row.reserveShort).map((row) => row.agentId)).toContain(west.id);
    expect((await admin('GET', '/api/cards/rules')).json()).toMatchObject({
      bonusRules: [],
      reserveSharePct: 100,
      caps: { NAMED: 500_000, ANONYMOUS: 100_000 },
    });
    const file = await listExportIn(admin, '/api/cards/liabilities/download', 'en');
    expect(file.titles).toContain('Principal (yuan)');
    expect(file.rows).toHaveLength(rows.length);
  });

  it('lets an agent’s staff see only the cards of its agents: by list, id, history, export, liabilities, or a top-up', async () => {
    const { east, west } = business;
    const eastStaff = await staffOf(ctx.t, admin, east.deptId, 'Agent manager');
    const westCard = await toppedUpCard(admin, west.id, 1_000);
    const eastCard = await toppedUpCard(eastStaff, east.id, 1_000);

    const listed = (await eastStaff('GET', '/api/cards?size=500')).json().content as { agentId: number; id: number }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((card) => card.agentId !== east.id)).toEqual([]);
    expect((await eastStaff('GET', `/api/cards?agentId=${west.id}`)).json().totalElements).toBe(0);
    for (const [method, url, body] of [
      ['GET', `/api/cards/${westCard.id}`],
      ['GET', `/api/cards/${westCard.id}/movements`],
      ['POST', `/api/cards/${westCard.id}/top-ups`, { amount: 100, channel: 'CASH', requestId: unique('top-up-') }],
      ['PUT', `/api/cards/${westCard.id}/state`, { action: 'FREEZE' }],
      ['PUT', `/api/cards/${westCard.id}/limits`, { perUseLimit: 100 }],
      ['POST', `/api/cards/${westCard.id}/reissue`],
    ] as const) {
      const answer = await eastStaff(method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await eastStaff('GET', `/api/cards/${eastCard.id}`)).statusCode).toBe(200);
    const file = await listExportIn(eastStaff, '/api/cards/download', 'en');
    expect(file.rows.map((row) => row['Card number'])).toContain(eastCard.cardNo);
    expect(file.rows.map((row) => row['Card number'])).not.toContain(westCard.cardNo);
    const liabilities = (await eastStaff('GET', '/api/cards/liabilities')).json().content as { agentId: number }[];
    expect(liabilities.map((row) => row.agentId)).toEqual([east.id]);
    const elsewhere = await eastStaff('POST', '/api/cards/batches', { agentId: west.id, count: 1 });
    expect(elsewhere.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'agentId' })] });

    // Finance sees every agent's cards, tops them up and freezes them, but does not issue them.
    const finance = await staffOf(ctx.t, admin, (await activeAgent(admin, unique('Finance '))).deptId, 'Finance');
    expect((await finance('GET', `/api/cards/${westCard.id}`)).statusCode).toBe(200);
    expect((await topUp(finance, westCard.id, 100)).statusCode).toBe(200);
    expect((await finance('PUT', `/api/cards/${westCard.id}/state`, { action: 'FREEZE' })).statusCode).toBe(200);
    expect((await finance('POST', '/api/cards/batches', { agentId: west.id, count: 1 })).statusCode).toBe(403);
  });
});
