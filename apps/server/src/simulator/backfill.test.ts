import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { formatDay } from '../lib/time.ts';
import { backfill } from './backfill.ts';

describe('the back-fill', () => {
  const ctx = useTestApp();

  it('writes weeks of a distributor’s sales across months, with keys, refunds and roll-ups that reconcile', async () => {
    const db = ctx.t.database.db;
    const made = await backfill(db, {
      machines: 12,
      days: 40,
      perDay: 3,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(made.machineIds).toHaveLength(12);
    expect(made.orders).toBe(12 * 40 * 3);
    const one = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;
    const cities = sql.join(
      made.cityAgentIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const orders = await one<{ n: number; paid: number; refunded: number; months: number }>(sql`
      SELECT count(*)::int AS n, sum(paid)::int AS paid, sum(refunded)::int AS refunded,
        count(DISTINCT date_trunc('month', create_time))::int AS months
      FROM biz_order WHERE agent_id IN (${cities})`);
    expect(orders.n).toBe(made.orders);
    expect(orders.months).toBeGreaterThanOrEqual(2);
    const keys = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM biz_order_key k JOIN biz_order o ON o.id = k.order_id AND o.create_time = k.order_time
      WHERE o.agent_id IN (${cities})`);
    expect(keys.n).toBe(made.orders);
    const refunds = await one<{ sum: number }>(
      sql`SELECT coalesce(sum(amount), 0)::int AS sum FROM biz_refund WHERE agent_id IN (${cities})`,
    );
    expect(refunds.sum).toBe(orders.refunded);
    for (const table of [sql`biz_sales_daily`, sql`biz_sales_hourly`]) {
      const rolled = await one<{ orders: number; net: number }>(sql`
        SELECT sum(orders)::int AS orders, sum(paid - refunded)::int AS net FROM ${table} WHERE agent_id IN (${cities})`);
      expect(rolled).toEqual({ orders: made.orders, net: orders.paid - orders.refunded });
    }

    // The console reads them: a city agent's orders of its last week, within the required range.
    const today = formatDay(ctx.t.clock.now());
    const weekAgo = formatDay(new Date(ctx.t.clock.now().getTime() - 7 * 86_400_000));
    const listed = await ctx.admin(
      'GET',
      `/api/orders?createTime=${weekAgo}&createTime=${today}&agentId=${made.cityAgentIds[0]}&size=5`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().totalElements).toBe(4 * 7 * 3);
  }, 60_000);
});
