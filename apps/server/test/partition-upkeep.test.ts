import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  flatPrice,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from './business-fixtures.ts';
import { type SignedInTestApp, useTestApp } from './test-app.ts';

const DAY = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
/** `biz_order_2026_11`, `fin_entry_202611`, `biz_telemetry_raw_20261126`: the partition of a moment, `ahead` units on. */
const monthOf = (table: string, at: Date, ahead = 0, separator = '') => {
  const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + ahead, 1));
  return `${table}_${month.getUTCFullYear()}${separator}${pad(month.getUTCMonth() + 1)}`;
};
const dayOf = (table: string, at: Date, ahead = 0) =>
  `${table}_${new Date(at.getTime() + ahead * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;

async function rows<T>(ctx: SignedInTestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const partitionsOf = async (ctx: SignedInTestApp, table: string) =>
  (
    await rows<{ name: string }>(
      ctx,
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = ${table}::regclass`,
    )
  ).map((row) => row.name);

/** A business with one machine selling at the test clock; each sale is a paid, dispensed coin order. */
function sellingMachine(ctx: SignedInTestApp) {
  let call: MachineCaller;
  beforeAll(async () => {
    await flatPrice(ctx.admin, 100);
    const modelId = (await machineModel(ctx.admin)).id;
    const agent = await activeAgent(ctx.admin, unique('Partitioned '), { quota: 10, rate: '10' });
    const machine = await operatingMachine(ctx.admin, {
      modelId,
      agentId: agent.id,
      siteId: (await siteOf(ctx.admin, agent.id)).id,
    });
    call = machineCaller(ctx.t, machine);
  });
  return async () => {
    const no = unique('P');
    const created = await call('POST', '/gateway/v1/orders', {
      machineOrderNo: no,
      tap: 1,
      waterType: 'COLD',
      requestedMl: 1000,
      channel: 'COIN',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderNo, payable } = created.json();
    const paid = await call('POST', `/gateway/v1/orders/${no}/payment`, { channel: 'COIN', amount: payable });
    expect(paid.statusCode, paid.body).toBe(200);
    const done = await call('POST', `/gateway/v1/orders/${no}/dispense`, { result: 'COMPLETED', dispensedMl: 1000 });
    expect(done.statusCode, done.body).toBe(200);
    return orderNo as string;
  };
}

/** The partition the order went to, and those of the ledger entries of its day. */
async function whereSaleWent(ctx: SignedInTestApp, orderNo: string) {
  const [order] = await rows<{ part: string; day: string }>(
    ctx,
    sql`SELECT tableoid::regclass::text AS part, create_time AS day FROM biz_order WHERE order_no = ${orderNo}`,
  );
  return order?.part;
}

describe('partitions that manage themselves, over a year', () => {
  const ctx = useTestApp({
    ORDER_RETENTION_MONTHS: '3',
    LEDGER_RETENTION_MONTHS: '24',
    TELEMETRY_RAW_DAYS: '3',
    TELEMETRY_SUMMARY_MONTHS: '2',
  });
  const sale = sellingMachine(ctx);

  it('makes partitions ahead for every table and drops those past retention as the calendar runs a year', async () => {
    const started = ctx.t.clock.now();
    const firstOrder = await sale();
    expect(await whereSaleWent(ctx, firstOrder)).toBe(monthOf('biz_order', started, 0, '_'));
    const [{ id: firstId } = { id: '' }] = await rows<{ id: string }>(
      ctx,
      sql`SELECT id::text AS id FROM biz_order WHERE order_no = ${firstOrder}`,
    );
    const keysOf = async (id: string) =>
      (
        await rows<{ n: number }>(ctx, sql`SELECT count(*)::int AS n FROM biz_order_key WHERE order_id = ${id}::bigint`)
      )[0]?.n;
    expect(await keysOf(firstId)).toBe(1);
    for (let month = 0; month < 12; month++) {
      ctx.t.clock.advance(31 * DAY);
      await ctx.t.app.scheduler.run('partition-upkeep');
    }
    const now = ctx.t.clock.now();
    const orders = await partitionsOf(ctx, 'biz_order');
    const entries = await partitionsOf(ctx, 'fin_entry');
    const raw = await partitionsOf(ctx, 'biz_telemetry_raw');
    for (const ahead of [0, 1, 2]) {
      expect(orders).toContain(monthOf('biz_order', now, ahead, '_'));
      expect(entries).toContain(monthOf('fin_entry', now, ahead));
      expect(raw).toContain(dayOf('biz_telemetry_raw', now, ahead));
      for (const summary of ['biz_telemetry_5m', 'biz_telemetry_hourly']) {
        expect(await partitionsOf(ctx, summary)).toContain(monthOf(summary, now, ahead));
      }
    }
    // Orders are kept 3 months after their month ends: the first sale's month, a year back, is gone with it.
    expect(orders).not.toContain(monthOf('biz_order', started, 0, '_'));
    expect(orders).not.toContain(monthOf('biz_order', now, -5, '_'));
    expect(orders).toContain(monthOf('biz_order', now, -3, '_'));
    expect(await whereSaleWent(ctx, firstOrder)).toBeUndefined();
    // Its machine's order number is forgotten with it.
    expect(await keysOf(firstId)).toBe(0);
    // The ledger keeps 24 months: nothing of the year is dropped, the first sale's entries are still there.
    expect(entries).toContain(monthOf('fin_entry', started));
    expect(entries).toContain('fin_entry_default');
    // Telemetry: 3 days of raw samples and 2 months of summaries.
    expect(raw).not.toContain(dayOf('biz_telemetry_raw', now, -4));
    expect(raw.length).toBeLessThanOrEqual(7);
    expect(await partitionsOf(ctx, 'biz_telemetry_hourly')).not.toContain(monthOf('biz_telemetry_hourly', now, -3));
  });

  it('puts a sale on either side of a month’s end into its own month, orders and ledger entries alike', async () => {
    const now = ctx.t.clock.now();
    const monthEnds = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    ctx.t.clock.advance(monthEnds - 1 - now.getTime());
    const before = await sale();
    const lastDay = ctx.t.clock.now();
    ctx.t.clock.advance(1);
    const after = await sale();
    expect(await whereSaleWent(ctx, before)).toBe(monthOf('biz_order', lastDay, 0, '_'));
    expect(await whereSaleWent(ctx, after)).toBe(monthOf('biz_order', lastDay, 1, '_'));
    const entries = await rows<{ part: string; day: string }>(
      ctx,
      sql`SELECT DISTINCT tableoid::regclass::text AS part, day::text AS day FROM fin_entry
          WHERE day >= ${new Date(monthEnds - 3 * DAY).toISOString().slice(0, 10)}::date`,
    );
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.part).toBe(`fin_entry_${entry.day.slice(0, 7).replace('-', '')}`);
  });

  it('keeps a ledger entry of a month not made yet in the default partition, and moves it in when the month is made', async () => {
    const far = new Date(ctx.t.clock.now().getTime() + 400 * DAY);
    const day = far.toISOString().slice(0, 10);
    await ctx.t.database.db.execute(
      sql`INSERT INTO fin_entry (posting_id, account_id, day, amount) VALUES (-1, -1, ${day}::date, 0)`,
    );
    const placed = async () =>
      (
        await rows<{ part: string }>(
          ctx,
          sql`SELECT tableoid::regclass::text AS part FROM fin_entry WHERE posting_id = -1`,
        )
      )[0]?.part;
    expect(await placed()).toBe('fin_entry_default');
    ctx.t.clock.advance(400 * DAY);
    await ctx.t.app.scheduler.run('partition-upkeep');
    expect(await placed()).toBe(monthOf('fin_entry', far));
  });
});

describe('partitions without retention settings', () => {
  const ctx = useTestApp();
  const sale = sellingMachine(ctx);

  it('keeps every month of orders and of the ledger', async () => {
    const started = ctx.t.clock.now();
    const order = await sale();
    for (let month = 0; month < 12; month++) {
      ctx.t.clock.advance(31 * DAY);
      await ctx.t.app.scheduler.run('partition-upkeep');
    }
    expect(await partitionsOf(ctx, 'biz_order')).toContain(monthOf('biz_order', started, 0, '_'));
    expect(await partitionsOf(ctx, 'fin_entry')).toContain(monthOf('fin_entry', started));
    expect(await whereSaleWent(ctx, order)).toBe(monthOf('biz_order', started, 0, '_'));
  });
});
