import { asFen, type Fen } from '@water/contract/money';
import type { Channel } from '@water/contract/orders';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { commissionChanges, commissionShares } from '../domain/commission.ts';
import { formatDay } from '../lib/time.ts';
import {
  type CardParts,
  cardRefundPosting,
  cardSalePosting,
  giveBack,
  spend,
  topUpPosting,
} from '../modules/cards/card-postings.ts';
import type { Posting } from '../modules/ledger/ledger.service.ts';
import { accountCode } from '../modules/ledger/ledger.service.ts';
import { salePostings } from '../modules/ledger/sale-postings.ts';
import type { SaleEvent, SaleOrder } from '../modules/orders/sale-events.ts';
import { backfill } from './backfill.ts';

describe('the ledger of a year of back-filled sales', () => {
  const ctx = useTestApp();

  it('balances every day, owes each agent what its orders earned it, owes cardholders what their cards hold, and is what live sales and cards would have booked', async () => {
    const db = ctx.t.database.db;
    const made = await backfill(db, {
      machines: 6,
      days: 366,
      perDay: 2,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;

    // Every day's entries sum to zero, over a whole year.
    const days = await rows<{ day: string; total: string }>(
      sql`SELECT day::text AS day, sum(amount)::text AS total FROM fin_entry GROUP BY day`,
    );
    expect(days.length).toBeGreaterThanOrEqual(365);
    expect(days.filter((day) => day.total !== '0')).toEqual([]);

    // Each agent is owed, to the fen, the sum over its orders of its level's commission.
    const agents = [made.topAgentId, ...made.cityAgentIds];
    const balances = (await ctx.admin('GET', '/api/statements/agents')).json() as {
      agentId: number;
      available: number;
    }[];
    for (const agentId of agents) {
      const [earned] = await rows<{ sum: string }>(sql`
        SELECT coalesce(sum(commission_fen[array_position(string_to_array(trim(both '/' from agent_path), '/')::int[], ${agentId}::int)]), 0)::text AS sum
        FROM biz_order WHERE agent_path LIKE ${`%/${agentId}/%`}`);
      expect(balances.find((balance) => balance.agentId === agentId)?.available, `agent ${agentId}`).toBe(
        Number(earned?.sum),
      );
    }
    // Refunds and coupons of both funders are in it.
    const [mix] = await rows<{ partial: number; platform: number; agent: number }>(sql`
      SELECT count(*) FILTER (WHERE o.state = 'PARTIALLY_REFUNDED')::int AS partial,
        count(*) FILTER (WHERE t.funded_by = 'PLATFORM')::int AS platform, count(*) FILTER (WHERE t.funded_by = 'AGENT')::int AS agent
      FROM biz_order o LEFT JOIN biz_coupon c ON c.id = o.coupon_id LEFT JOIN biz_coupon_template t ON t.id = c.template_id`);
    expect(mix?.partial).toBeGreaterThan(0);
    expect(mix?.platform).toBeGreaterThan(0);
    expect(mix?.agent).toBeGreaterThan(0);

    // Posting by posting, it is what the live booking makes of each sale's events.
    const sold = await rows<Record<string, unknown>>(sql`
      SELECT o.id, o.order_no, o.create_time, o.machine_id, o.site_id, o.agent_id, o.agent_path, array_to_string(o.path_rates, ',') AS path_rates, o.channel,
        o.paid, o.refunded, o.state, o.coupon_id, o.coupon_amount, o.discount_amount, o.paid_time,
        t.funded_by, r.amount AS refund, r.done_time
      FROM biz_order o
      LEFT JOIN biz_coupon c ON c.id = o.coupon_id LEFT JOIN biz_coupon_template t ON t.id = c.template_id
      LEFT JOIN biz_refund r ON r.order_id = o.id AND r.status = 'SUCCESS'`);
    const expected = new Map<string, number>();
    const book = (postings: readonly Posting[]) => {
      for (const posting of postings) {
        for (const line of posting.lines) {
          const key = `${posting.day}|${posting.kind}|${posting.subject}|${accountCode(line.account)}`;
          expected.set(key, (expected.get(key) ?? 0) + (line.amount as Fen));
        }
      }
    };
    for (const row of sold) {
      const path = String(row.agent_path).split('/').filter(Boolean).map(Number);
      const rates = String(row.path_rates).split(',');
      const levels = path.map((agentId, index) => ({ agentId, rate: rates[index] as string, held: false }));
      const platformFunded = row.funded_by === 'PLATFORM' ? Number(row.coupon_amount) : 0;
      const paid = Number(row.paid);
      const refunded = Number(row.refunded);
      const withDepth = (changes: ReturnType<typeof commissionChanges>) =>
        changes.map((change) => ({ ...change, depth: path.length - 1 - path.indexOf(change.agentId) }));
      const atPayment = commissionShares(levels, asFen(paid + platformFunded));
      const finalBase = refunded >= paid ? 0 : paid - refunded + platformFunded;
      const order = {
        id: Number(row.id),
        orderNo: String(row.order_no),
        createTime: new Date(row.create_time as string),
        machineId: Number(row.machine_id),
        siteId: Number(row.site_id),
        agentId: Number(row.agent_id),
        channel: row.channel as Channel,
        memberId: null,
        couponId: null,
        couponAmount: asFen(Number(row.coupon_amount)),
        discountAmount: asFen(Number(row.discount_amount)),
        state: String(row.state),
        paid: asFen(paid),
        paidTime: new Date(row.paid_time as string),
      } satisfies SaleOrder;
      const events: SaleEvent[] = [
        {
          type: 'PAID',
          order,
          amount: asFen(paid),
          at: order.paidTime,
          late: false,
          commission: withDepth(commissionChanges([], atPayment)),
        },
      ];
      if (row.refund !== null) {
        events.push({
          type: 'REFUNDED',
          order,
          amount: asFen(Number(row.refund)),
          at: new Date(row.done_time as string),
          full: refunded >= paid,
          commission: withDepth(
            commissionChanges(
              atPayment.map((share) => share.amount),
              commissionShares(levels, asFen(finalBase)),
            ),
          ),
        });
      }
      for (const event of events) book(salePostings(event, formatDay));
    }

    // Each card, replayed through the live rules from its top-up: every sale it paid could be
    // paid, took what the live payment takes and got back what the live refund gives; the card
    // holds what it is left with, and its movements and postings are the live ones.
    const topUps = await rows<{
      card_id: number;
      agent_id: number;
      channel: 'CASH' | 'WECHAT';
      principal: string;
      bonus: string;
      create_time: string;
    }>(
      sql`SELECT card_id, agent_id, channel, principal, bonus, create_time FROM biz_card_movement WHERE move = 'TOP_UP'`,
    );
    const cardSales = await rows<{
      card_id: number;
      paid: string;
      paid_time: string;
      refund: string | null;
      done_time: string | null;
      moves: string;
    }>(sql`
      SELECT m.card_id, o.paid, o.paid_time, r.amount AS refund, r.done_time,
        (SELECT string_agg(x.move || ':' || x.principal || ':' || x.bonus, ',' ORDER BY x.id) FROM biz_card_movement x WHERE x.order_id = o.id) AS moves
      FROM biz_card_movement m JOIN biz_order o ON o.id = m.order_id
      LEFT JOIN biz_refund r ON r.order_id = o.id AND r.status = 'SUCCESS'
      WHERE m.move = 'SALE' ORDER BY m.card_id, o.paid_time, o.id`);
    const [cardOrders] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM biz_order WHERE channel = 'CARD' AND paid > 0`,
    );
    expect(cardSales.length, 'each card sale taken off one card').toBe(cardOrders?.n);
    const held = new Map<number, CardParts & { agentId: number }>();
    for (const topUp of topUps) {
      const parts = { principal: asFen(Number(topUp.principal)), bonus: asFen(Number(topUp.bonus)) };
      held.set(topUp.card_id, { ...parts, agentId: topUp.agent_id });
      book([topUpPosting(formatDay(new Date(topUp.create_time)), topUp.agent_id, topUp.channel, parts)]);
    }
    let bonusSpent = 0;
    let bonusBack = 0;
    for (const sale of cardSales) {
      const card = held.get(sale.card_id) as CardParts & { agentId: number };
      const paid = asFen(Number(sale.paid));
      expect(card.principal + card.bonus, `card ${sale.card_id} can pay`).toBeGreaterThanOrEqual(paid);
      const taken = spend(card, paid);
      const moves = [`SALE:${-taken.principal}:${-taken.bonus}`];
      card.principal = asFen(card.principal - taken.principal);
      card.bonus = asFen(card.bonus - taken.bonus);
      bonusSpent += taken.bonus;
      book([cardSalePosting(formatDay(new Date(sale.paid_time)), card.agentId, taken)]);
      if (sale.refund !== null) {
        const back = giveBack(taken, asFen(Number(sale.refund)));
        moves.push(`REFUND:${back.principal}:${back.bonus}`);
        card.principal = asFen(card.principal + back.principal);
        card.bonus = asFen(card.bonus + back.bonus);
        if (back.bonus > 0) bonusBack += 1;
        book([cardRefundPosting(formatDay(new Date(sale.done_time as string)), card.agentId, back)]);
      }
      expect(sale.moves).toBe(moves.join(','));
    }
    expect(bonusSpent, 'some sales spend a bonus').toBeGreaterThan(0);
    expect(bonusBack, 'some refunds give a bonus back').toBeGreaterThan(0);
    const cards = await rows<{ id: number; principal: string; bonus: string }>(
      sql`SELECT id, principal, bonus FROM biz_card`,
    );
    expect(cards.length).toBe(topUps.length);
    for (const card of cards) {
      const replayed = held.get(card.id);
      expect({ principal: Number(card.principal), bonus: Number(card.bonus) }, `card ${card.id}`).toEqual({
        principal: replayed?.principal,
        bonus: replayed?.bonus,
      });
    }
    // Card liabilities in the ledger are the cards' balances, agent by agent, principal and bonus apart.
    const liabilities = (await ctx.admin('GET', '/api/cards/liabilities?size=100')).json() as {
      content: { agentId: number; principal: number; bonus: number; ledgerPrincipal: number; ledgerBonus: number }[];
    };
    expect(liabilities.content.map((row) => row.agentId).sort()).toEqual([...made.cityAgentIds].sort());
    for (const row of liabilities.content) {
      expect(row.principal + row.bonus, `agent ${row.agentId} holds card money`).toBeGreaterThan(0);
      expect({ principal: row.ledgerPrincipal, bonus: row.ledgerBonus }).toEqual({
        principal: row.principal,
        bonus: row.bonus,
      });
    }
    const booked = await rows<{ key: string; amount: string }>(sql`
      SELECT p.day::text || '|' || p.kind || '|' || p.subject || '|' || a.code AS key, e.amount::text AS amount
      FROM fin_entry e JOIN fin_posting p ON p.id = e.posting_id JOIN fin_account a ON a.id = e.account_id`);
    const actual = new Map(booked.map((row) => [row.key, Number(row.amount)]));
    for (const [key, amount] of expected) if (amount === 0) expected.delete(key);
    expect(actual).toEqual(expected);
  }, 120_000);
});
