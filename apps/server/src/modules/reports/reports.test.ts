import type { Order } from '@water/contract/orders';
import type { Report, ReportRow } from '@water/contract/reports';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  cardPayment,
  flatPrice,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf,
  type TestCard,
  toppedUpCard,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { formatDay } from '../../lib/time.ts';
import { ledgerBalance } from '../cards/test-fixtures.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../ledger/ledger.schema.ts';
import { salesDaily } from '../sales/sales.schema.ts';

/**
 * The reports: every figure equal to what the orders say, to the sales roll-ups and to the
 * ledger, for sales made through the machines' gateway (card and coin, a short fill, a failed
 * dispense, a coupon), within the caller's data scope.
 */
describe('reports', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let hq: { id: number; deptId: number; name: string };
  let north: { id: number; deptId: number; name: string };
  let south: { id: number; deptId: number; name: string };
  let card: TestCard;
  let northManager: Caller;

  const today = () => formatDay(ctx.t.clock.now());
  const reportOf = async (as: Caller, query: string): Promise<Report> => {
    const answer = await as('GET', `/api/reports?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Report;
  };
  const daily = (by: string, extra = '') => `period=DAY&from=${today()}&to=${today()}&by=${by}${extra}`;

  /** A sale of 2 L asked for: paid by card or coin (with a coupon), then dispensed, short or failed. */
  const sale = async (
    call: MachineCaller,
    channel: 'CARD' | 'COIN',
    dispensedMl: number | 'FAILED',
    coupon?: { code: string; phone: string },
  ) => {
    const no = unique('R');
    const created = await call('POST', '/gateway/v1/orders', {
      machineOrderNo: no,
      tap: 1,
      waterType: 'COLD',
      requestedMl: 2000,
      channel,
      ...(coupon && { couponCode: coupon.code, memberPhone: coupon.phone }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const amount = created.json().payable;
    const paid = await call('POST', `/gateway/v1/orders/${no}/payment`, {
      channel,
      amount,
      ...(channel === 'CARD' && cardPayment(card)),
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    await call(
      'POST',
      `/gateway/v1/orders/${no}/dispense`,
      dispensedMl === 'FAILED' ? { result: 'FAILED', dispensedMl: 0 } : { result: 'COMPLETED', dispensedMl },
    );
  };

  /** A platform coupon of 30 fen off, pushed to a new member's phone. */
  const couponFor = async (phone: string) => {
    const name = unique('Report coupon ');
    const created = await admin('POST', '/api/coupons/templates', {
      name,
      type: 'AMOUNT_OFF',
      value: 30,
      minSpend: 0,
      scope: 'ALL',
      issueType: 'PUSH',
      total: 0,
      perMember: 1,
      validType: 'DAYS',
      validDays: 7,
      fundedBy: 'PLATFORM',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [template] = (await admin('GET', `/api/coupons/templates?blurry=${encodeURIComponent(name)}`)).json().content;
    expect((await admin('PUT', `/api/coupons/templates/${template.id}/status`, { status: 'ACTIVE' })).statusCode).toBe(
      204,
    );
    await admin('POST', `/api/coupons/templates/${template.id}/push`, { phones: [phone] });
    const issued = (await admin('GET', `/api/coupons?templateId=${template.id}&blurry=${phone}`)).json().content[0];
    return { code: issued.code as string, phone };
  };

  beforeAll(async () => {
    const { id: modelId } = await machineModel(admin);
    hq = await activeAgent(admin, unique('Report HQ '), { quota: 50, rate: '20' });
    card = await toppedUpCard(admin, hq.id, 100_000);
    north = await activeAgent(admin, unique('Report North '), { parentId: hq.id, level: 'PROVINCE', rate: '15' });
    south = await activeAgent(admin, unique('Report South '), { parentId: hq.id, level: 'PROVINCE', rate: '15' });
    const machineOf = async (agentId: number) =>
      machineCaller(
        ctx.t,
        await operatingMachine(admin, { modelId, agentId, siteId: (await siteOf(admin, agentId)).id }),
      );
    const northCall = await machineOf(north.id);
    const southCall = await machineOf(south.id);
    await flatPrice(admin, 100);
    await sale(northCall, 'CARD', 2000);
    await sale(northCall, 'CARD', 1500);
    await sale(northCall, 'COIN', 2000, await couponFor(`139${String(Date.now()).slice(-8)}`));
    await sale(southCall, 'COIN', 2000);
    await sale(southCall, 'CARD', 'FAILED');
    northManager = await staffOf(ctx.t, admin, north.deptId, 'Agent manager');
  }, 60_000);

  it('gives every figure as the orders, the roll-ups and the ledger say', async () => {
    const report = await reportOf(admin, daily('agent'));
    const orders = (await admin('GET', `/api/orders?createTime=${today()}&createTime=${today()}&size=1000`)).json()
      .content as Order[];
    const paidOrders = orders.filter((order) => order.paid > 0);
    const fromOrders = {
      revenue: paidOrders.reduce((sum, order) => sum + order.paid, 0),
      refunded: orders.reduce((sum, order) => sum + order.refunded, 0),
      orders: paidOrders.length,
      dispensedMl: orders.reduce((sum, order) => sum + (order.dispensedMl ?? 0), 0),
      coupon: paidOrders.reduce((sum, order) => sum + order.couponAmount, 0),
    };
    // Three card sales of 2 L (one filled 1.5 L, one failed: refunded), two coin sales (one 30 fen off by a coupon).
    expect(fromOrders).toEqual({ revenue: 970, refunded: 250, orders: 5, dispensedMl: 7500, coupon: 30 });
    expect(report.totals).toMatchObject({
      ...fromOrders,
      net: 720,
      averageTicket: 194,
    });

    const db = ctx.t.database.db;
    const [rolled] = await db
      .select({
        revenue: sql<number>`sum(${salesDaily.paid})::int`,
        refunded: sql<number>`sum(${salesDaily.refunded})::int`,
        orders: sql<number>`sum(${salesDaily.orders})::int`,
        dispensedMl: sql<number>`sum(${salesDaily.dispensedMl})::int`,
        coupon: sql<number>`sum(${salesDaily.coupon})::int`,
      })
      .from(salesDaily)
      .where(and(gte(salesDaily.day, today()), lte(salesDaily.day, today())));
    expect(report.totals).toMatchObject(rolled as object);

    // The books: money received and refunded, commission expensed, what cardholders may still spend.
    const posted = async (kind: 'SALES' | 'REFUNDS', type: 'CHANNEL_RECEIVABLE' | 'PLATFORM_REVENUE') => {
      const [row] = await db
        .select({ amount: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
        .from(ledgerEntries)
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(and(eq(ledgerPostings.kind, kind), eq(ledgerAccounts.type, type), eq(ledgerEntries.day, today())));
      return row?.amount ?? 0;
    };
    expect(await posted('SALES', 'CHANNEL_RECEIVABLE')).toBe(report.totals.revenue);
    expect(await posted('REFUNDS', 'PLATFORM_REVENUE')).toBe(report.totals.refunded);
    expect(report.totals.commission).toBe(await ledgerBalance(ctx, 'COMMISSION_EXPENSE'));
    expect(report.totals.commission).toBeGreaterThan(0);
    const cardLiabilities = -(
      (await ledgerBalance(ctx, `CARD_PRINCIPAL:${hq.id}`)) + (await ledgerBalance(ctx, `CARD_BONUS:${hq.id}`))
    );
    const cardBalance = (await admin('GET', `/api/cards/${card.id}`)).json().balance;
    expect(report.totals.cardLiabilities).toBe(cardLiabilities);
    expect(report.totals.cardLiabilities).toBe(cardBalance);
    expect(report.totals.channelFees).toBe(0);

    // Each agent's row: its sales as its orders say, the commission its accounts were credited.
    const row = (id: number) => report.rows.find((candidate) => candidate.key === String(id)) as ReportRow;
    for (const agent of [north, south]) {
      const own = paidOrders.filter((order) => order.agentId === agent.id);
      expect(row(agent.id)).toMatchObject({
        name: agent.name,
        revenue: own.reduce((sum, order) => sum + order.paid, 0),
        orders: own.length,
      });
    }
    for (const agent of [hq, north, south]) {
      const earned = -(
        (await ledgerBalance(ctx, `COMMISSION_PAYABLE:${agent.id}`)) +
        (await ledgerBalance(ctx, `COMMISSION_HELD:${agent.id}`))
      );
      expect(row(agent.id).commission, agent.name).toBe(earned);
    }
    // The HQ sold nothing itself, yet earns on its agents' sales and owes its cards.
    expect(row(hq.id)).toMatchObject({ revenue: 0, orders: 0, cardLiabilities: cardBalance });
    expect(report.series).toEqual([expect.objectContaining({ period: today(), revenue: 970, orders: 5 })]);
  });

  it('sums the same figures whatever the grouping and period, each group’s rows adding up to the totals', async () => {
    const byAgent = await reportOf(admin, daily('agent'));
    for (const by of ['site', 'machine', 'channel']) {
      const report = await reportOf(admin, daily(by));
      expect(report.totals).toEqual(byAgent.totals);
      for (const figure of ['revenue', 'refunded', 'orders', 'dispensedMl', 'coupon'] as const) {
        expect(
          report.rows.reduce((sum, row) => sum + row[figure], 0),
          `${by} ${figure}`,
        ).toBe(report.totals[figure]);
      }
      expect(report.rows.every((row) => row.commission === null && row.cardLiabilities === null)).toBe(true);
    }
    const channels = await reportOf(admin, daily('channel'));
    expect(channels.rows.map((row) => [row.key, row.revenue]).sort()).toEqual([
      ['CARD', 600],
      ['COIN', 370],
    ]);
    expect(channels.rows.every((row) => row.channelFees === 0)).toBe(true);
    const monthly = await reportOf(admin, `period=MONTH&from=${today()}&to=${today()}&by=agent`);
    expect(monthly.from.endsWith('-01')).toBe(true);
    expect(monthly.totals).toEqual(byAgent.totals);
    expect(monthly.series.find((point) => point.period === today().slice(0, 7))).toMatchObject({ revenue: 970 });
  });

  it('shows an agent’s staff their own agent only, without the platform’s channel fees', async () => {
    const mine = await reportOf(northManager, daily('agent'));
    expect(mine.rows.map((row) => row.key)).toEqual([String(north.id)]);
    const all = await reportOf(admin, daily('agent'));
    const northRow = all.rows.find((row) => row.key === String(north.id));
    expect(mine.rows[0]).toEqual(northRow);
    expect(mine.totals).toMatchObject({ revenue: northRow?.revenue, commission: northRow?.commission });
    expect(mine.totals.channelFees).toBeNull();
    expect((await northManager('GET', `/api/reports?${daily('agent', `&agentId=${south.id}`)}`)).statusCode).toBe(404);
    const filtered = await reportOf(admin, daily('machine', `&agentId=${south.id}`));
    expect(filtered.totals).toMatchObject({ revenue: 400, refunded: 200, orders: 2 });
    expect((await ctx.user('GET', `/api/reports?${daily('agent')}`)).statusCode).toBe(403);
  });

  it('refuses a range that runs backward or is longer than a year', async () => {
    const backward = await admin('GET', `/api/reports?period=DAY&from=2026-02-02&to=2026-02-01&by=agent`);
    expect(backward.statusCode).toBe(400);
    expect(backward.json().errors[0].field).toBe('to');
    expect((await admin('GET', '/api/reports?period=DAY&from=2024-01-01&to=2025-06-01&by=agent')).statusCode).toBe(400);
    expect((await admin('GET', '/api/reports?period=WEEK&from=2026-01-01&to=2026-01-02&by=agent')).statusCode).toBe(
      400,
    );
    const zh = await admin('GET', '/api/reports?period=DAY&from=2026-02-02&to=2026-02-01&by=agent', undefined, {
      'accept-language': 'zh-CN',
    });
    expect(zh.json().message).toMatch(/日期范围/);
  });
  /** The caller's task of a kind once it has finished (or failed). */
  const finishedTask = async (as: Caller, subjectId: number) => {
    for (let attempt = 0; attempt < 300; attempt++) {
      const tasks = (await as('GET', '/api/tasks')).json() as { kind: string; subjectId: number; state: string }[];
      const task = tasks.find((candidate) => candidate.kind === 'report-file' && candidate.subjectId === subjectId);
      if (task && (task.state === 'DONE' || task.state === 'FAILED')) return task;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`report file ${subjectId} was not made`);
  };
  const fileOf = async (format: 'XLSX' | 'PDF', language: string) => {
    const asked = await admin(
      'POST',
      '/api/reports/files',
      { period: 'DAY', from: today(), to: today(), by: 'agent', format },
      { 'accept-language': language },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = asked.json() as { id: number };
    expect(await finishedTask(admin, id)).toMatchObject({ state: 'DONE' });
    return { id, file: await admin('GET', `/api/reports/files/${id}`) };
  };

  it('makes the report’s Excel file in the background, in the console’s language, with its figures', async () => {
    const { id, file } = await fileOf('XLSX', 'zh-CN');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('数据');
    const header = sheet.getRow(1).values as unknown[];
    const revenueColumn = header.indexOf('收入（元）');
    expect(revenueColumn).toBeGreaterThan(0);
    let totals: unknown[] | undefined;
    sheet.eachRow((row) => {
      if ((row.values as unknown[])[1] === '合计') totals = row.values as unknown[];
    });
    expect(totals?.[revenueColumn]).toBe(9.7);
    expect(totals?.[header.indexOf('订单数')]).toBe(5);
    expect(book.worksheets[1]?.name).toBe('趋势');
    // Another user's file is not theirs to download.
    expect((await northManager('GET', `/api/reports/files/${id}`)).statusCode).toBe(404);
  }, 60_000);

  it('makes the report’s PDF, pages of it', async () => {
    const { file } = await fileOf('PDF', 'en');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const text = file.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toMatch(/\/Type \/Page\b/);
  }, 60_000);

  it('keeps scheduled reports and e-mails each once its day has closed, with the file attached', async () => {
    const body = { name: 'Daily by agent', period: 'DAY', by: 'agent', format: 'XLSX', enabled: true };
    const refused = await admin('POST', '/api/reports/schedules', {
      ...body,
      recipients: ['finance@example.com', 'nope'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toMatch(/recipients/);
    const added = await admin('POST', '/api/reports/schedules', { ...body, recipients: ['finance@example.com'] });
    expect(added.statusCode, added.body).toBe(201);
    const schedule = added.json() as { id: number };
    expect((await admin('GET', '/api/reports/schedules')).json()).toEqual([
      expect.objectContaining({ id: schedule.id, recipients: ['finance@example.com'], lastSentTime: null }),
    ]);
    expect((await northManager('GET', '/api/reports/schedules')).json()).toEqual([]);
    expect((await northManager('DELETE', '/api/reports/schedules', [schedule.id])).statusCode).toBe(404);

    const before = ctx.t.mails.length;
    await ctx.t.app.scheduler.run('report-schedules');
    let sent: { lastSentTime: string | null; lastPeriod: string | null } | undefined;
    for (let attempt = 0; attempt < 300 && !sent?.lastSentTime; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent = (await admin('GET', '/api/reports/schedules')).json()[0];
    }
    expect(sent).toMatchObject({ lastPeriod: formatDay(new Date(ctx.t.clock.now().getTime() - 86_400_000)) });
    expect(sent?.lastSentTime).not.toBeNull();
    const mail = ctx.t.mails.at(-1);
    expect(ctx.t.mails.length).toBe(before + 1);
    expect(mail).toMatchObject({ to: 'finance@example.com', subject: expect.stringContaining('Daily by agent') });
    expect(mail?.attachments?.[0]?.filename).toMatch(/\.xlsx$/);
    expect(mail?.attachments?.[0]?.content.subarray(0, 2).toString()).toBe('PK');
    // The same closed day is not sent twice.
    await ctx.t.app.scheduler.run('report-schedules');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ctx.t.mails.length).toBe(before + 1);

    const edited = await admin('PUT', '/api/reports/schedules', {
      ...body,
      id: schedule.id,
      enabled: false,
      recipients: ['a@example.com', 'b@example.com'],
    });
    expect(edited.statusCode, edited.body).toBe(204);
    expect((await admin('GET', '/api/reports/schedules')).json()[0]).toMatchObject({
      enabled: false,
      recipients: ['a@example.com', 'b@example.com'],
    });
    expect((await admin('DELETE', '/api/reports/schedules', [schedule.id])).statusCode).toBe(200);
    expect((await admin('GET', '/api/reports/schedules')).json()).toEqual([]);
  }, 60_000);
});
