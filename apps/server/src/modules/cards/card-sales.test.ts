import { beforeAll, describe, expect, it } from 'vitest';
import { cardPayment, toppedUpCard, unique } from '../../../test/business-fixtures.ts';
import { callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { cardBusiness, cardOf, cardOrder, ledgerBalance, setCardRules } from './test-fixtures.ts';

describe('card sales through the machine gateway', () => {
  const ctx = useTestApp();
  let business: Awaited<ReturnType<typeof cardBusiness>>;
  const admin = () => business.admin;
  const movesOf = async (id: number) =>
    (
      (await admin()('GET', `/api/cards/${id}/movements?size=50`)).json().content as {
        move: string;
        principal: number;
        bonus: number;
        orderNo: string | null;
        otherCardNo: string | null;
      }[]
    )
      .reverse()
      .map((move) => [move.move, move.principal, move.bonus]);

  beforeAll(async () => {
    business = await cardBusiness(ctx);
    // A top-up of 10 yuan or more earns 1 yuan.
    await setCardRules(admin(), { cardBonusRules: [{ minTopUp: 1000, bonus: 100 }] });
  });

  it('debits the card in the sale’s transaction, principal first, at its agent’s machines and those beneath', async () => {
    const { hq, east, eastCall, westCall } = business;
    const card = await toppedUpCard(admin(), hq.id, 1000);
    expect(await cardOf(admin(), card.id)).toMatchObject({ principal: 1000, bonus: 100, balance: 1100 });
    const receivable = await ledgerBalance(ctx, 'CHANNEL_RECEIVABLE:CARD');
    const principal = await ledgerBalance(ctx, `CARD_PRINCIPAL:${hq.id}`);

    // 10.5 litres: the whole principal and 50 fen of the bonus, at a machine of an agent beneath the card's.
    const first = await cardOrder(eastCall, 10_500);
    const paid = await first.pay(card);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ state: 'PAID', paid: 1050 });
    expect(await cardOf(admin(), card.id)).toMatchObject({ principal: 0, bonus: 50, balance: 50 });
    expect(await movesOf(card.id)).toEqual([
      ['TOP_UP', 1000, 100],
      ['SALE', -1000, -50],
    ]);
    // The card's accounts are spent, and the CARD receivable the sale raised is cleared.
    expect(await ledgerBalance(ctx, `CARD_PRINCIPAL:${hq.id}`)).toBe(principal + 1000);
    expect(await ledgerBalance(ctx, `CARD_BONUS:${hq.id}`)).toBe(-50);
    expect(await ledgerBalance(ctx, 'CHANNEL_RECEIVABLE:CARD')).toBe(receivable);

    // The same payment repeated takes nothing more.
    expect((await first.pay(card)).json()).toMatchObject({ state: 'PAID' });
    expect((await cardOf(admin(), card.id)).balance).toBe(50);

    // A card of one agent is not taken at another's machine; nothing is recorded.
    const eastCard = await toppedUpCard(admin(), east.id, 1000);
    const elsewhere = await cardOrder(westCall, 1000);
    const refused = await elsewhere.pay(eastCard);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CARD_REFUSED', message: expect.stringMatching(/not taken/) });
    expect((await cardOf(admin(), eastCard.id)).balance).toBe(1100);
    expect((await eastCall('GET', `/gateway/v1/orders/${elsewhere.machineOrderNo}`)).json()).toBeDefined();
  });

  it('refuses a wrong secret, an unknown card, a payment naming no card and a short balance; nothing changes', async () => {
    const { east, eastCall } = business;
    const card = await toppedUpCard(admin(), east.id, 500);
    const order = await cardOrder(eastCall, 6000);

    const wrong = await order.pay({ cardNo: card.cardNo, cardSecret: 'WRONGSECRET1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'CARD_REFUSED', message: 'The card number or its secret is wrong' });
    const unknown = await order.pay({ cardNo: '8000000000000000', cardSecret: card.cardSecret });
    expect(unknown.json()).toMatchObject({ code: 'CARD_REFUSED', message: 'The card number or its secret is wrong' });
    const none = await eastCall('POST', `/gateway/v1/orders/${order.machineOrderNo}/payment`, {
      channel: 'CARD',
      amount: order.payable,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field: 'cardNo' })],
    });

    // Coins paid, whatever else the machine sends: the card is not touched.
    const coinNo = unique('S');
    const coins = await eastCall('POST', '/gateway/v1/orders', {
      machineOrderNo: coinNo,
      tap: 1,
      waterType: 'COLD',
      requestedMl: 1000,
      channel: 'COIN',
    });
    const paidInCoins = await eastCall('POST', `/gateway/v1/orders/${coinNo}/payment`, {
      channel: 'COIN',
      amount: coins.json().payable,
      ...cardPayment(card),
    });
    expect(paidInCoins.json()).toMatchObject({ state: 'PAID' });

    const short = await order.pay(card);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'CARD_BALANCE',
      message: 'The card holds 5.00 yuan, less than the sale',
    });
    expect((await eastCall('GET', `/gateway/v1/orders/${order.machineOrderNo}`)).json()).toMatchObject({
      state: 'CREATED',
      paid: 0,
    });
    expect(await cardOf(admin(), card.id)).toMatchObject({ principal: 500, bonus: 0 });
  });

  it('keeps each card within its per-use and per-day limits, a new day starting afresh', async () => {
    const { east, eastCall } = business;
    const card = await toppedUpCard(admin(), east.id, 2000);
    const limits = await admin()('PUT', `/api/cards/${card.id}/limits`, { perUseLimit: 300, perDayLimit: 500 });
    expect(limits.statusCode, limits.body).toBe(200);
    expect(limits.json()).toMatchObject({ perUseLimit: 300, perDayLimit: 500 });
    const tooMuch = await admin()('PUT', `/api/cards/${card.id}/limits`, { perUseLimit: 600, perDayLimit: 500 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'perUseLimit' })] });

    const pay = async (ml: number) => (await cardOrder(eastCall, ml)).pay(card);
    const aboveUse = await pay(4000);
    expect(aboveUse.statusCode).toBe(409);
    expect(aboveUse.json()).toMatchObject({ code: 'CARD_LIMIT', message: expect.stringMatching(/3\.00 yuan a use/) });
    expect((await pay(3000)).statusCode).toBe(200);
    const aboveDay = await pay(3000);
    expect(aboveDay.json()).toMatchObject({ code: 'CARD_LIMIT', message: expect.stringMatching(/5\.00 yuan a day/) });
    expect((await pay(2000)).statusCode).toBe(200);
    expect((await cardOf(admin(), card.id)).balance).toBe(2100 - 500);

    ctx.t.clock.advance(24 * 3_600_000);
    // A day later the administrator signs in again.
    ctx.admin = callerFor(ctx.t, await tokenOf(ctx.t));
    expect((await pay(3000)).statusCode).toBe(200);
    expect((await cardOf(admin(), card.id)).balance).toBe(2100 - 800);
  });

  it('never takes a card below zero: of 20 simultaneous sales only those its balance covers are paid', async () => {
    const { east, eastCall } = business;
    const card = await toppedUpCard(admin(), east.id, 500);
    const principal = await ledgerBalance(ctx, `CARD_PRINCIPAL:${east.id}`);
    const orders = await Promise.all(Array.from({ length: 20 }, () => cardOrder(eastCall, 1000)));
    const answers = await Promise.all(orders.map((order) => order.pay(card)));
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'PAID' : answer.json().code));
    expect(codes.filter((code) => code === 'PAID')).toHaveLength(5);
    expect(codes.filter((code) => code === 'CARD_BALANCE')).toHaveLength(15);
    expect(await cardOf(admin(), card.id)).toMatchObject({ principal: 0, bonus: 0, balance: 0 });
    expect((await movesOf(card.id)).filter(([move]) => move === 'SALE')).toHaveLength(5);
    expect(await ledgerBalance(ctx, `CARD_PRINCIPAL:${east.id}`)).toBe(principal + 500);
  });

  it('credits a refund back to the card at once, the bonus the sale took first, and to its replacement once reissued', async () => {
    const { hq, eastCall } = business;
    const card = await toppedUpCard(admin(), hq.id, 1000);
    const refundsPayable = await ledgerBalance(ctx, 'REFUNDS_PAYABLE:CARD');
    const bonusAccount = await ledgerBalance(ctx, `CARD_BONUS:${hq.id}`);

    // 10.5 L paid (1000 principal, 50 bonus); half of it came out: 525 back, the 50 of bonus first.
    const short = await cardOrder(eastCall, 10_500);
    expect((await short.pay(card)).statusCode).toBe(200);
    const dispensed = await short.dispense('COMPLETED', 5250);
    expect(dispensed.json()).toMatchObject({ state: 'PARTIALLY_REFUNDED', refunded: 525 });
    expect(await cardOf(admin(), card.id)).toMatchObject({ principal: 475, bonus: 100, balance: 575 });
    expect(await movesOf(card.id)).toEqual([
      ['TOP_UP', 1000, 100],
      ['SALE', -1000, -50],
      ['REFUND', 475, 50],
    ]);
    // The refund the sale's REFUNDS posting owes was paid onto the card.
    expect(await ledgerBalance(ctx, 'REFUNDS_PAYABLE:CARD')).toBe(refundsPayable);
    expect(await ledgerBalance(ctx, `CARD_BONUS:${hq.id}`)).toBe(bonusAccount);

    // Paid, then the card is lost and reissued before the machine reports a failed dispense.
    const failed = await cardOrder(eastCall, 2000);
    expect((await failed.pay(card)).statusCode).toBe(200);
    expect((await admin()('PUT', `/api/cards/${card.id}/state`, { action: 'FREEZE' })).statusCode).toBe(200);
    const reissued = await admin()('POST', `/api/cards/${card.id}/reissue`);
    expect(reissued.statusCode, reissued.body).toBe(201);
    const replacement = reissued.json().card as { id: number; cardNo: string };
    expect((await failed.dispense('FAILED')).json()).toMatchObject({ state: 'REFUNDED', refunded: 200 });
    expect(await cardOf(admin(), card.id)).toMatchObject({ state: 'REISSUED', balance: 0 });
    expect(await cardOf(admin(), replacement.id)).toMatchObject({ state: 'ACTIVE', principal: 475, bonus: 100 });
    const history = (await admin()('GET', `/api/cards/${replacement.id}/movements`)).json().content;
    expect(history[0]).toMatchObject({
      move: 'REFUND',
      amount: 200,
      orderNo: failed.orderNo,
      otherCardNo: card.cardNo,
    });
    expect(await ledgerBalance(ctx, 'REFUNDS_PAYABLE:CARD')).toBe(refundsPayable);
  });

  it('pays a late card payment for a closed order, and gives it straight back', async () => {
    const { east, eastCall } = business;
    const card = await toppedUpCard(admin(), east.id, 1000);
    const order = await cardOrder(eastCall, 1000);
    ctx.t.clock.advance(3_600_000);
    await ctx.t.app.scheduler.run('close-unpaid-orders');
    const late = await order.pay(card);
    expect(late.json()).toMatchObject({ state: 'CLOSED', paid: 100, refunded: 100 });
    expect((await cardOf(admin(), card.id)).balance).toBe(1100);
    expect((await order.pay(card)).json()).toMatchObject({ state: 'CLOSED' });
    expect((await movesOf(card.id)).map(([move]) => move)).toEqual(['TOP_UP', 'SALE', 'REFUND']);
  });

  it('takes card sales, their refunds and top-ups of one agent’s cards all at once, never deadlocking, the ledger equal to the cards', async () => {
    const { hq, eastCall, westCall } = business;
    const cards = await Promise.all(Array.from({ length: 4 }, () => toppedUpCard(admin(), hq.id, 50_000)));
    const statuses: number[] = [];
    const work = cards.flatMap((card, index) =>
      Array.from({ length: 8 }, async (_, round) => {
        const order = await cardOrder(index % 2 ? eastCall : westCall, 1000);
        statuses.push((await order.pay(card)).statusCode);
        statuses.push((await order.dispense(round % 2 ? 'FAILED' : 'COMPLETED')).statusCode);
        const topUp = { amount: 10, channel: 'CASH', requestId: unique('top-up-') };
        statuses.push((await admin()('POST', `/api/cards/${card.id}/top-ups`, topUp)).statusCode);
      }),
    );
    await Promise.all(work);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const balances = await Promise.all(cards.map(async (card) => (await cardOf(admin(), card.id)).balance));
    const owed =
      -(await ledgerBalance(ctx, `CARD_PRINCIPAL:${hq.id}`)) - (await ledgerBalance(ctx, `CARD_BONUS:${hq.id}`));
    const others = (await admin()(`GET`, `/api/cards?agentId=${hq.id}&size=100`)).json().content as {
      balance: number;
    }[];
    expect(owed).toBe(others.reduce((sum, card) => sum + card.balance, 0));
    // 4 cards: 50 000 and the 100 bonus each, 8 top-ups of 10, 4 sales of 100 kept (the failed ones came back).
    expect(balances).toEqual(Array(4).fill(50_100 + 80 - 400));
  }, 120_000);
});
