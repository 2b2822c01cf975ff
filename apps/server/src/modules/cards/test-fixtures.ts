import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  activeAgent,
  flatPrice,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  type TestCard,
  unique,
} from '../../../test/business-fixtures.ts';
import type { Caller, SignedInTestApp } from '../../../test/test-app.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';

/** What the card tests sell with: a distributor with two agents beneath, a selling machine of each, water at 1 yuan a litre. */
export async function cardBusiness(ctx: SignedInTestApp) {
  const admin: Caller = (...args) => ctx.admin(...args);
  const modelId = (await machineModel(admin)).id;
  const hq = await activeAgent(admin, unique('HQ '), { quota: 20 });
  const east = await activeAgent(admin, unique('East '), { parentId: hq.id, level: 'PROVINCE', rate: '15' });
  const west = await activeAgent(admin, unique('West '), { parentId: hq.id, level: 'PROVINCE', rate: '15' });
  const machineOf = async (agentId: number) =>
    machineCaller(
      ctx.t,
      await operatingMachine(admin, { modelId, agentId, siteId: (await siteOf(admin, agentId)).id }),
    );
  const eastCall = await machineOf(east.id);
  const westCall = await machineOf(west.id);
  await flatPrice(admin, 100);
  return { admin, hq, east, west, eastCall, westCall };
}

/** A card sale of `ml` millilitres (at 100 fen a litre) made at a machine, not yet paid. */
export async function cardOrder(call: MachineCaller, ml: number) {
  const machineOrderNo = unique('S');
  const created = await call('POST', '/gateway/v1/orders', {
    machineOrderNo,
    tap: 1,
    waterType: 'COLD',
    requestedMl: ml,
    channel: 'CARD',
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json() as { orderNo: string; payable: number };
  return {
    machineOrderNo,
    orderNo: order.orderNo,
    payable: order.payable,
    /** The machine pays it with a card (the answer as it comes). */
    pay: (card: Pick<TestCard, 'cardNo' | 'cardSecret'>) =>
      call('POST', `/gateway/v1/orders/${machineOrderNo}/payment`, {
        channel: 'CARD',
        amount: order.payable,
        cardNo: card.cardNo,
        cardSecret: card.cardSecret,
      }),
    dispense: (result: 'COMPLETED' | 'FAILED', dispensedMl = result === 'FAILED' ? 0 : ml) =>
      call('POST', `/gateway/v1/orders/${machineOrderNo}/dispense`, { result, dispensedMl }),
  };
}

/** A ledger account's balance by its code (debits positive, credits negative; 0 before its first use). */
export async function ledgerBalance(ctx: SignedInTestApp, code: string): Promise<number> {
  const [row] = await ctx.t.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return row?.balance ?? 0;
}

/** A card as the console answers it. */
export async function cardOf(as: Caller, id: number) {
  const answer = await as('GET', `/api/cards/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { state: string; principal: number; bonus: number; balance: number; cardNo: string };
}

/** The card rules of the global settings: top-up bonuses and the reserve share. */
export async function setCardRules(
  as: Caller,
  rules: { cardBonusRules?: { minTopUp: number; bonus: number }[]; cardReserveSharePct?: number },
) {
  const saved = await as('PUT', '/api/global/setting', rules);
  expect(saved.statusCode, saved.body).toBe(204);
}
