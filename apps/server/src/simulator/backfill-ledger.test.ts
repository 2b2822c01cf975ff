import { asFen, type Fen } from '@water/contract/money';
import type { Channel } from '@water/contract/orders';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { commissionChanges, commissionShares } from '../domain/commission.ts';
import { formatDay } from '../lib/time.ts';
import { accountCode } from '../modules/ledger/ledger.service.ts';
import { salePostings } from '../modules/ledger/sale-postings.ts';
import type { SaleEvent, SaleOrder } from '../modules/orders/sale-events.ts';
import { backfill } from './backfill.ts';

describe('the ledger of a year of back-filled sales', () => {
  const ctx = useTestApp();

  it('balances every day, owes each agent what its orders earned it, and is what live sales would have booked', async () => {
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
      for (const event of events) {
        for (const posting of salePostings(event, formatDay)) {
          for (const line of posting.lines) {
            const key = `${posting.day}|${posting.kind}|${posting.subject}|${accountCode(line.account)}`;
            expected.set(key, (expected.get(key) ?? 0) + (line.amount as Fen));
          }
        }
      }
    }
    const booked = await rows<{ key: string; amount: string }>(sql`
      SELECT p.day::text || '|' || p.kind || '|' || p.subject || '|' || a.code AS key, e.amount::text AS amount
      FROM fin_entry e JOIN fin_posting p ON p.id = e.posting_id JOIN fin_account a ON a.id = e.account_id`);
    const actual = new Map(booked.map((row) => [row.key, Number(row.amount)]));
    for (const [key, amount] of expected) if (amount === 0) expected.delete(key);
    expect(actual).toEqual(expected);
  }, 120_000);
});
