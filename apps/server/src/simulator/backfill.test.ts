import type { Fen } from '@water/contract/money';
import type { Channel } from '@water/contract/orders';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { formatDay } from '../lib/time.ts';
import type { SaleEvent, SaleOrder } from '../modules/orders/sale-events.ts';
import { salesDeltas } from '../modules/sales/sales.projector.ts';
import type { SalesDelta } from '../modules/sales/sales.repository.ts';
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

    // Its roll-ups are the sales projector's, row for row: each order replayed as the events of
    // its sale (paid, dispensed, and refunded when its dispense failed) gives the same figures.
    const sold = (
      (await db.execute(sql`
        SELECT o.id, o.order_no, o.create_time, o.machine_id, o.site_id, o.agent_id, o.channel, o.paid,
          o.discount_amount, o.coupon_amount, o.dispensed_ml, o.paid_time, o.dispense_end_time, o.state,
          r.amount AS refund, r.done_time
        FROM biz_order o LEFT JOIN biz_refund r ON r.order_id = o.id AND r.order_time = o.create_time AND r.status = 'SUCCESS'
        WHERE o.agent_id IN (${cities})`)) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    const time = (value: unknown) => new Date(value as string);
    const expected = { hourly: new Map<string, number[]>(), daily: new Map<string, number[]>() };
    const add = (delta: SalesDelta) => {
      const figures = [delta.orders, delta.dispensedMl, delta.paid, delta.refunded, delta.discount, delta.coupon].map(
        (value) => value ?? 0,
      );
      for (const [rows, period] of [
        [expected.hourly, delta.hour.toISOString()],
        [expected.daily, delta.day],
      ] as const) {
        const key = `${period}|${delta.machineId}|${delta.channel}`;
        const sum = rows.get(key) ?? [0, 0, 0, 0, 0, 0];
        rows.set(
          key,
          sum.map((value, index) => value + (figures[index] as number)),
        );
      }
    };
    for (const row of sold) {
      const order: SaleOrder = {
        id: Number(row.id),
        orderNo: row.order_no as string,
        createTime: time(row.create_time),
        machineId: row.machine_id as number,
        siteId: row.site_id as number,
        agentId: row.agent_id as number,
        channel: row.channel as Channel,
        memberId: null,
        couponId: null,
        couponAmount: row.coupon_amount as Fen,
        discountAmount: row.discount_amount as Fen,
        state: row.state as string,
        paid: row.paid as Fen,
        paidTime: time(row.paid_time),
      };
      const events: SaleEvent[] = [
        { type: 'PAID', order, amount: order.paid, at: order.paidTime as Date, late: false, commission: [] },
        {
          type: 'DISPENSED',
          order,
          dispensedMl: row.dispensed_ml as number,
          failed: row.refund !== null,
          at: time(row.dispense_end_time),
        },
      ];
      if (row.refund !== null) {
        events.push({
          type: 'REFUNDED',
          order,
          amount: row.refund as Fen,
          at: time(row.done_time),
          full: true,
          commission: [],
        });
      }
      for (const event of events) for (const delta of salesDeltas(event, formatDay)) add(delta);
    }
    const rolled = async (table: 'biz_sales_hourly' | 'biz_sales_daily') => {
      const period = table === 'biz_sales_hourly' ? sql`hour` : sql`day`;
      const rows = (
        (await db.execute(sql`
          SELECT ${period} AS period, machine_id, channel, orders, dispensed_ml, paid, refunded, discount, coupon
          FROM ${sql.raw(table)} WHERE agent_id IN (${cities})`)) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      return new Map(
        rows.map((row) => [
          `${table === 'biz_sales_hourly' ? time(row.period).toISOString() : row.period}|${row.machine_id}|${row.channel}`,
          [row.orders, row.dispensed_ml, row.paid, row.refunded, row.discount, row.coupon].map(Number),
        ]),
      );
    };
    expect(await rolled('biz_sales_hourly')).toEqual(expected.hourly);
    expect(await rolled('biz_sales_daily')).toEqual(expected.daily);
  }, 60_000);
});
