import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, type TestApp, tokenOf } from '../../test/test-app.ts';
import { formatDay } from '../lib/time.ts';
import { orders, refunds } from '../modules/orders/orders.schema.ts';
import { salesDaily } from '../modules/sales/sales.read-model.ts';
import { DEMO_MACHINES_FILE } from './demo-business.ts';
import { DEMO_CARDS_FILE } from './demo-cards.ts';
import { DEMO_NAMES } from './demo-names.ts';

// One demo business (seeding it takes about a minute on a busy two-core machine), named in
// Chinese; the English one is the same seed with the other names (database.test.ts chooses).
describe('SEED_DEMO=1 with DEMO_LANGUAGE=zh-CN', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-demo-'));
    t = await createTestApp({ SEED_DEMO: '1', DEMO_LANGUAGE: 'zh-CN', DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds a small living business once: agents, sites, selling machines, coupons, a week of sales that reconcile and 90 days of readings', async () => {
    const file = path.join(dataDir, DEMO_MACHINES_FILE);
    // A week of sales for six machines: about a minute on a busy two-core machine, over two when
    // the other test passes share it.
    const deadline = Date.now() + 240_000;
    while (!(await stat(file).catch(() => undefined)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const machines = JSON.parse(await readFile(file, 'utf8')) as { serialNo: string; secret: string }[];
    expect(machines).toHaveLength(6);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const admin = callerFor(t, await tokenOf(t));
    const agents = (await admin('GET', '/api/agents?size=10')).json().content as { name: string; status: string }[];
    expect(agents.map((agent) => [agent.name, agent.status]).sort()).toEqual(
      [
        [DEMO_NAMES.zh.province, 'ACTIVE'],
        [DEMO_NAMES.zh.city, 'ACTIVE'],
      ].sort(),
    );
    const listed = (await admin('GET', '/api/machines?size=10')).json().content as { id: number; lifecycle: string }[];
    expect(listed.map((machine) => machine.lifecycle)).toEqual(Array(6).fill('OPERATING'));
    // Every machine's charts show the last day, the week and the 90 days.
    for (const range of ['24h', '7d', '90d']) {
      const chart = (await admin('GET', `/api/machines/${listed[0]?.id}/telemetry?range=${range}`)).json();
      const reported = (chart.samples as number[]).filter((count) => count > 0).length;
      expect(reported, range).toBeGreaterThan(chart.samples.length * 0.9);
      expect(Math.max(...(chart.metrics.tdsIn.avg as number[]))).toBeGreaterThan(250);
    }
    const today = formatDay(t.clock.now());
    const weekAgo = formatDay(new Date(t.clock.now().getTime() - 6 * 86_400_000));
    const week = (await admin('GET', `/api/orders?createTime=${weekAgo}&createTime=${today}&size=1`)).json();
    expect(week.totalElements).toBeGreaterThan(300);

    const db = t.database.db;
    const [paid] = await db.select({ sum: sql<number>`coalesce(sum(${orders.paid}), 0)::int` }).from(orders);
    const [back] = await db
      .select({
        sum: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'SUCCESS'), 0)::int`,
      })
      .from(refunds);
    const [rolled] = await db
      .select({ net: sql<number>`coalesce(sum(${salesDaily.paid} - ${salesDaily.refunded}), 0)::int` })
      .from(salesDaily);
    expect(rolled?.net).toBe((paid?.sum ?? 0) - (back?.sum ?? 0));

    // Regulars used their coupons, and the coupon figures agree with what the orders took off.
    const coupons = (await admin('GET', '/api/coupons/templates')).json().content as {
      issueType: string;
      counts: { issued: number; used: number; discountCost: number };
    }[];
    const pushed = coupons.find((template) => template.issueType === 'PUSH');
    expect(pushed?.counts.issued).toBe(20);
    expect(pushed?.counts.used).toBeGreaterThan(0);
    const [taken] = await db
      .select({
        sum: sql<number>`coalesce(sum(${orders.couponAmount}) filter (where ${orders.state} <> 'REFUNDED'), 0)::int`,
      })
      .from(orders);
    const stats = (await admin('GET', '/api/coupons/stats')).json();
    expect(stats.total.discountCost).toBe(taken?.sum);

    // Water cards paid some of the week's card sales; what the cards hold is what the ledger owes.
    const cards = (await admin('GET', '/api/cards?size=50')).json();
    expect(cards.totalElements).toBe(10);
    expect(JSON.parse(await readFile(path.join(dataDir, DEMO_CARDS_FILE), 'utf8'))).toHaveLength(10);
    const [cardSales] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.channel} = 'CARD' and ${orders.paid} > 0`);
    expect(cardSales?.n).toBeGreaterThan(0);
    const liabilities = (await admin('GET', '/api/cards/liabilities')).json().content as {
      total: number;
      ledgerPrincipal: number;
      ledgerBonus: number;
    }[];
    expect(liabilities).toHaveLength(1);
    expect(liabilities[0]?.total).toBe(
      (cards.content as { balance: number }[]).reduce((sum, card) => sum + card.balance, 0),
    );
    expect(liabilities[0]?.total).toBe((liabilities[0]?.ledgerPrincipal ?? 0) + (liabilities[0]?.ledgerBonus ?? 0));

    // Every site stands somewhere on the map.
    const placed = (await admin('GET', '/api/sites?size=10')).json().content as { longitude: string | null }[];
    expect(placed).toHaveLength(4);
    expect(placed.filter((site) => site.longitude === null)).toEqual([]);
    // The regulars who bought were acquired by the agent of the first machine that saw them, and
    // are known since that sale, days before the demo was seeded.
    const members = (await admin('GET', '/api/members?size=50&sort=orders,desc')).json().content as {
      agentName: string | null;
      orders: number;
      createTime: string;
    }[];
    const buyers = members.filter((member) => member.orders > 0);
    expect(buyers.length).toBeGreaterThan(0);
    expect(buyers.filter((member) => member.agentName === null)).toEqual([]);
    expect(buyers.some((member) => member.createTime < `${today} 00:00:00`)).toBe(true);
  }, 300_000);

  it('names everything of the demo business in Chinese: agents, their contact, sites and addresses, model, prices, coupons', async () => {
    const admin = callerFor(t, await tokenOf(t));
    const content = async (url: string) => (await admin('GET', url)).json().content as Record<string, unknown>[];
    const names = [
      ...(await content('/api/agents?size=10')).flatMap((agent) => [agent.name, agent.contactName]),
      ...(await content('/api/sites?size=10')).flatMap((site) => [
        site.name,
        site.province,
        site.city,
        site.district,
        site.address,
      ]),
      ...(await content('/api/machine-models?size=10')).map((model) => model.name),
      ...(await content('/api/price-policies?size=10')).map((policy) => policy.name),
      ...(await content('/api/coupons/templates?size=10')).map((template) => template.name),
    ];
    expect(names).toHaveLength(2 * 2 + 4 * 5 + 1 + 1 + 2);
    expect(names).toContain('华东净水');
    expect(names).toContain('湖畔花园');
    // Chinese throughout: no English word (the model's "400G" is a figure, not a word).
    expect(names.filter((name) => typeof name !== 'string' || /[A-Za-z]{2,}/.test(name))).toEqual([]);
  }, 180_000);
});
