import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  cardPayment,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf as staffOfDept,
  type TestCard,
  toppedUpCard,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { migrationsFolder } from '../../db/client.ts';
import { formatDateTime, formatDay } from '../../lib/time.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { memberTotals } from './members.schema.ts';

type Agent = { id: number; deptId: number; name: string };

interface MemberItem {
  id: number;
  phone: string;
  agentId: number | null;
  agentName: string | null;
  orders: number;
  paidTotal: number;
  lastOrderTime: string | null;
  unusedCoupons: number;
  createTime: string;
}

describe('members: each agent’s staff see a member’s figures within their data scope only', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let hq: Agent;
  let card: TestCard;
  let north: Agent;
  let south: Agent;
  let northCall: MachineCaller;
  let southCall: MachineCaller;
  let hqManager: Caller;
  let northManager: Caller;
  let southManager: Caller;
  let serial = 0;
  const newPhone = () => `137${String(Date.now() % 100_000).padStart(5, '0')}${String(++serial).padStart(3, '0')}`;

  /** A card sale of a member carried through; answers what the member paid, net of the short-fill refund. */
  const sale = async (call: MachineCaller, phone: string, requestedMl: number, dispensedMl = requestedMl) => {
    const machineOrderNo = unique('S');
    const created = await call('POST', '/gateway/v1/orders', {
      machineOrderNo,
      tap: 1,
      waterType: 'COLD',
      requestedMl,
      channel: 'CARD',
      memberPhone: phone,
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/gateway/v1/orders/${machineOrderNo}`;
    const paid = await call('POST', `${url}/payment`, {
      channel: 'CARD',
      ...cardPayment(card),
      amount: created.json().payable,
    });
    expect(paid.json().state, paid.body).toBe('PAID');
    const done = (await call('POST', `${url}/dispense`, { result: 'COMPLETED', dispensedMl })).json();
    return (done.paid - done.refunded) as number;
  };
  const memberSeenBy = async (as: Caller, phone: string) => {
    const page = (await as('GET', `/api/members?blurry=${phone}`)).json();
    return page.totalElements === 0 ? undefined : (page.content[0] as MemberItem);
  };

  /** A coupon pushed by staff, good everywhere for a week, made by `as` and started; answers its id. */
  const pushedCoupon = async (as: Caller, fields: Record<string, unknown> = {}) => {
    const name = unique('Pushed ');
    const created = await as('POST', '/api/coupons/templates', {
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
      ...fields,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [template] = (await as('GET', `/api/coupons/templates?blurry=${encodeURIComponent(name)}`)).json().content;
    expect((await as('PUT', `/api/coupons/templates/${template.id}/status`, { status: 'ACTIVE' })).statusCode).toBe(
      204,
    );
    return template.id as number;
  };

  beforeAll(async () => {
    const modelId = (await machineModel(admin)).id;
    hq = await activeAgent(admin, unique('HQ '), { quota: 50 });
    north = await activeAgent(admin, unique('North '), { parentId: hq.id, level: 'PROVINCE', rate: '15' });
    south = await activeAgent(admin, unique('South '), { parentId: hq.id, level: 'PROVINCE', rate: '15' });
    const machineOf = async (agent: Agent) =>
      machineCaller(
        ctx.t,
        await operatingMachine(admin, { modelId, agentId: agent.id, siteId: (await siteOf(admin, agent.id)).id }),
      );
    northCall = await machineOf(north);
    southCall = await machineOf(south);
    const policy = await admin('POST', '/api/price-policies', {
      name: unique('Policy '),
      scope: 'ALL',
      priceWechat: 50,
      priceAlipay: 50,
      priceCard: 50,
      priceCoin: 50,
      discountPct: '0',
      effectiveFrom: '2020-01-01 00:00:00',
    });
    expect(policy.statusCode, policy.body).toBe(201);
    hqManager = await staffOfDept(ctx.t, admin, hq.deptId, 'Agent manager');
    card = await toppedUpCard(admin, hq.id, 100_000);
    northManager = await staffOfDept(ctx.t, admin, north.deptId, 'Agent manager');
    southManager = await staffOfDept(ctx.t, admin, south.deptId, 'Agent manager');
  });

  it('shows a member who buys at two sibling agents with each agent’s own figures, and the sum above them', async () => {
    const phone = newPhone();
    const atNorth = await sale(northCall, phone, 2000);
    ctx.t.clock.advance(2 * 60_000);
    // A short fill: the member gets part back, and the figures count what was kept.
    const atSouth = (await sale(southCall, phone, 3000, 2400)) + (await sale(southCall, phone, 1000));
    expect(atSouth).toBeLessThan(200);

    const seenByNorth = await memberSeenBy(northManager, phone);
    expect(seenByNorth).toMatchObject({ agentId: north.id, agentName: north.name, orders: 1, paidTotal: atNorth });
    // Acquired by the north agent, but buying at the south one too: the south's staff list the
    // member with what it sold them, and no word of its sibling.
    const seenBySouth = await memberSeenBy(southManager, phone);
    expect(seenBySouth).toMatchObject({ agentId: null, agentName: null, orders: 2, paidTotal: atSouth });
    expect(seenBySouth?.lastOrderTime).not.toBe(seenByNorth?.lastOrderTime);
    // Above both, and for the platform: the whole.
    const whole = { agentId: north.id, orders: 3, paidTotal: atNorth + atSouth };
    expect(await memberSeenBy(hqManager, phone)).toMatchObject(whole);
    const seenByAdmin = await memberSeenBy(admin, phone);
    expect(seenByAdmin).toMatchObject(whole);
    expect(seenByAdmin?.lastOrderTime).toBe(seenBySouth?.lastOrderTime);
  });

  it('gives a chosen member’s orders and coupons, and pushes them a coupon without their phone typed; never a member out of scope', async () => {
    const phone = newPhone();
    await sale(northCall, phone, 2000);
    await sale(southCall, newPhone(), 1000);
    const member = await memberSeenBy(northManager, phone);
    const today = formatDay(ctx.t.clock.now());
    const ordersOf = async (as: Caller, id: number) =>
      (await as('GET', `/api/orders?memberId=${id}&createTime=${today}&createTime=${today}`)).json();
    const theirOrders = await ordersOf(northManager, member?.id as number);
    expect(theirOrders.totalElements).toBe(1);
    expect(theirOrders.content[0].memberPhone).toBe(member?.phone);

    const template = { id: await pushedCoupon(admin) };
    const pushed = await admin('POST', `/api/coupons/templates/${template.id}/push`, { memberIds: [member?.id] });
    expect(pushed.json(), pushed.body).toEqual({ issued: 1, refused: [] });
    const theirCoupons = (await admin('GET', `/api/coupons?memberId=${member?.id}`)).json();
    expect(theirCoupons.content.map((coupon: { templateId: number }) => coupon.templateId)).toEqual([template.id]);
    expect((await memberSeenBy(admin, phone))?.unusedCoupons).toBe(1);
    // Again: the member's limit refuses it, named by the masked phone.
    expect(
      (await admin('POST', `/api/coupons/templates/${template.id}/push`, { memberIds: [member?.id] })).json(),
    ).toEqual({
      issued: 0,
      refused: [{ phone: member?.phone, reason: 'LIMIT_REACHED' }],
    });

    // The south agent's staff do not see this member: nothing is pushed, and they are told so.
    const ours = { id: await pushedCoupon(southManager, { fundedBy: 'AGENT', agentId: south.id }) };
    const refused = await southManager('POST', `/api/coupons/templates/${ours.id}/push`, { memberIds: [member?.id] });
    expect(refused.statusCode, refused.body).toBe(404);
    expect((await admin('GET', `/api/coupons?memberId=${member?.id}&templateId=${ours.id}`)).json().totalElements).toBe(
      0,
    );
    expect((await ordersOf(southManager, member?.id as number)).totalElements).toBe(0);
    // Neither phones nor members: a clear 400.
    const empty = await admin('POST', `/api/coupons/templates/${template.id}/push`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: 'phones', code: 'required' });
  });

  it('is acquired by the first machine’s agent even when a platform coupon reached them first, and known since their first sale', async () => {
    const template = { id: await pushedCoupon(admin, { value: 10 }) };
    const phone = newPhone();
    expect((await admin('POST', `/api/coupons/templates/${template.id}/push`, { phones: [phone] })).json().issued).toBe(
      1,
    );
    expect(await memberSeenBy(admin, phone)).toMatchObject({ agentId: null });

    // Their first sale, made an hour ago and reported now.
    const hourAgo = ctx.t.clock.now().getTime() - 3_600_000;
    const sold = await northCall('POST', '/gateway/v1/orders', {
      machineOrderNo: unique('L'),
      tap: 1,
      waterType: 'COLD',
      requestedMl: 1000,
      channel: 'CARD',
      memberPhone: phone,
      createdAt: hourAgo,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const member = await memberSeenBy(admin, phone);
    expect(member).toMatchObject({ agentId: north.id, agentName: north.name });
    expect(member?.createTime).toBe(formatDateTime(new Date(hourAgo)));
    // A later sale elsewhere changes neither.
    await sale(southCall, phone, 1000);
    expect(await memberSeenBy(admin, phone)).toMatchObject({ agentId: north.id, createTime: member?.createTime });
  });

  it('exports and sorts by the figures within the caller’s scope', async () => {
    const phone = newPhone();
    const atNorth = await sale(northCall, phone, 4000);
    const atSouth = await sale(southCall, phone, 1000);

    const download = await southManager('GET', `/api/members/download?blurry=${phone}`);
    expect(download.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[header.indexOf('Paid orders')]).toBe(1);
    expect(row[header.indexOf('Net paid (yuan)')]).toBe(atSouth / 100);

    const sorted = await southManager('GET', '/api/members?sort=paidTotal,desc&sort=orders,asc&size=100');
    expect(sorted.statusCode, sorted.body).toBe(200);
    const totals = (sorted.json().content as MemberItem[]).map((member) => member.paidTotal);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect((sorted.json().content as MemberItem[]).find((member) => member.orders === 0)).toBeUndefined();
    expect(atNorth).toBeGreaterThan(atSouth);
  });

  it('exports the list’s columns in the console’s language: its titles and money in yuan', async () => {
    const phone = newPhone();
    const paid = await sale(northCall, phone, 3000);
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const sheetIn = async (language: string) => {
      const file = await northManager('GET', `/api/members/download?blurry=${phone}`, undefined, {
        'accept-language': language,
      });
      expect(file.statusCode, file.body).toBe(200);
      const [header = [], ...rows] = await readSheet(file.rawPayload, 'members.xlsx', 'file');
      expect(rows).toHaveLength(1);
      return Object.fromEntries(header.map((title, index) => [title, rows[0]?.[index]]));
    };
    expect(await sheetIn('zh-CN,zh;q=0.9,en;q=0.8')).toMatchObject({
      手机号: masked,
      归属代理商: north.name,
      支付订单: '1',
      '累计实付（元）': String(paid / 100),
      未用优惠券: '0',
    });
    const english = await sheetIn('en-US,en;q=0.9');
    expect(english).toMatchObject({
      Phone: masked,
      'Acquired by': north.name,
      'Paid orders': '1',
      'Net paid (yuan)': String(paid / 100),
    });
    expect(Object.keys(english)).toEqual([
      'Phone',
      'Payment account',
      'Acquired by',
      'Paid orders',
      'Net paid (yuan)',
      'Unused coupons',
      'Last order',
      'Known since',
    ]);
  });

  it('counts an agent’s coupons for its own staff only, and gives the first-order gift once across agents', async () => {
    const template = async (fields: Record<string, unknown>, as: Caller) => {
      const name = unique('Coupon ');
      const created = await as('POST', '/api/coupons/templates', {
        name,
        type: 'AMOUNT_OFF',
        value: 10,
        minSpend: 0,
        scope: 'ALL',
        total: 0,
        perMember: 5,
        validType: 'DAYS',
        validDays: 7,
        ...fields,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = (await as('GET', `/api/coupons/templates?blurry=${encodeURIComponent(name)}`)).json().content[0].id;
      expect((await as('PUT', `/api/coupons/templates/${id}/status`, { status: 'ACTIVE' })).statusCode).toBe(204);
      return id as number;
    };
    const gift = await template({ issueType: 'FIRST_ORDER', fundedBy: 'PLATFORM' }, admin);
    const phone = newPhone();
    await sale(northCall, phone, 1000);
    await sale(southCall, phone, 1000);
    const gifts = (await admin('GET', `/api/coupons?templateId=${gift}&blurry=${phone}`)).json();
    expect(gifts.totalElements).toBe(1);

    const northOwn = await template({ issueType: 'PUSH', fundedBy: 'AGENT', agentId: north.id }, northManager);
    const pushed = await northManager('POST', `/api/coupons/templates/${northOwn}/push`, { phones: [phone] });
    expect(pushed.json()).toMatchObject({ issued: 1 });
    expect((await memberSeenBy(northManager, phone))?.unusedCoupons).toBe(1);
    expect((await memberSeenBy(southManager, phone))?.unusedCoupons).toBe(0);
    expect((await memberSeenBy(admin, phone))?.unusedCoupons).toBe(2);
  });

  it('is back-filled by its migration from the orders to the very figures the sales kept', async () => {
    const db = ctx.t.database.db;
    const totals = () => db.select().from(memberTotals).orderBy(asc(memberTotals.memberId), asc(memberTotals.agentId));
    const kept = await totals();
    expect(kept.length).toBeGreaterThan(3);
    const migration = readFileSync(path.join(migrationsFolder, '0016_member-totals.sql'), 'utf8');
    const backFill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('INSERT'));
    await db.delete(memberTotals);
    await db.execute(sql.raw(backFill as string));
    expect(await totals()).toEqual(kept);
  });
});
