import type { CouponScope, CouponType } from '@water/contract/coupons';
import { asFen, type Fen } from '@water/contract/money';
import { and, eq, gte, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf as staffOfDept,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { formatDateTime, formatDay } from '../../lib/time.ts';
import { salesDaily } from '../sales/sales.read-model.ts';

const startOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);

import { couponDiscount, goodAt } from './coupons.service.ts';

let phoneSerial = 0;
/** A mobile number no other test of this file uses. */
const newPhone = () => `139${String(Date.now() % 100_000).padStart(5, '0')}${String(++phoneSerial).padStart(3, '0')}`;

describe('coupon arithmetic', () => {
  const template = {
    type: 'AMOUNT_OFF' as CouponType,
    value: 50,
    minSpend: asFen(0),
    maxDiscount: null as Fen | null,
    scope: 'ALL' as CouponScope,
    scopeIds: [] as number[],
    agentId: null as number | null,
  };
  const order = { base: asFen(120), unitPrice: asFen(60), requestedMl: 2000 };

  it('takes a sum, a capped share or some free water off, never more than the order', () => {
    expect(couponDiscount(template, order)).toBe(50);
    expect(couponDiscount({ ...template, value: 500 }, order)).toBe(120);
    expect(couponDiscount({ ...template, type: 'PERCENT_OFF', value: 25 }, order)).toBe(30);
    expect(couponDiscount({ ...template, type: 'PERCENT_OFF', value: 25, maxDiscount: asFen(20) }, order)).toBe(20);
    // 1 L free at 60 fen a litre; 5 L free covers the 2 L asked for, no more than the order.
    expect(couponDiscount({ ...template, type: 'FREE_LITRES', value: 1000 }, order)).toBe(60);
    expect(couponDiscount({ ...template, type: 'FREE_LITRES', value: 5000 }, order)).toBe(120);
    expect(couponDiscount({ ...template, minSpend: asFen(121) }, order)).toMatch(/must reach 121 fen/);
    expect(couponDiscount({ ...template, minSpend: asFen(120) }, order)).toBe(50);
  });

  it('is good where its owner holds the machine and its scope lists it', () => {
    const machine = { id: 7, siteId: 3, modelId: 2, path: [1, 4, 9] };
    expect(goodAt(template, machine)).toBe(true);
    expect(goodAt({ ...template, agentId: 4 }, machine)).toBe(true);
    expect(goodAt({ ...template, agentId: 5 }, machine)).toBe(false);
    expect(goodAt({ ...template, scope: 'AGENT', scopeIds: [4] }, machine)).toBe(true);
    expect(goodAt({ ...template, scope: 'AGENT', scopeIds: [8] }, machine)).toBe(false);
    expect(goodAt({ ...template, scope: 'SITE', scopeIds: [3] }, machine)).toBe(true);
    expect(goodAt({ ...template, scope: 'MACHINE', scopeIds: [8] }, machine)).toBe(false);
    expect(goodAt({ ...template, scope: 'MODEL', scopeIds: [2] }, machine)).toBe(true);
    expect(goodAt({ ...template, scope: 'SITE', scopeIds: [3] }, { ...machine, siteId: null })).toBe(false);
  });
});

/** A valid template: 0.30 off, pushed, good everywhere for a week, on the platform. */
const templateBody = {
  name: 'Coupon',
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
};

describe('members and coupons', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let north: { id: number; deptId: number };
  let south: { id: number; deptId: number; name: string };
  let northSite: { id: number };
  let northMachine: { id: number; serialNo: string; secret: string };
  let northCall: MachineCaller;
  let southCall: MachineCaller;
  let northManager: Caller;
  let southManager: Caller;

  const staffOf = (dept: number, role: string) => staffOfDept(ctx.t, admin, dept, role);

  /** A template made by `as` and started; answers its id. */
  const template = async (fields: Record<string, unknown> = {}, as: Caller = admin, start = true) => {
    const name = unique('Coupon ');
    const created = await as('POST', '/api/coupons/templates', { ...templateBody, name, ...fields });
    expect(created.statusCode, created.body).toBe(201);
    const found = await as('GET', `/api/coupons/templates?blurry=${encodeURIComponent(name)}`);
    const id = found.json().content[0].id as number;
    if (start)
      expect((await as('PUT', `/api/coupons/templates/${id}/status`, { status: 'ACTIVE' })).statusCode).toBe(204);
    return id;
  };
  const templateRow = async (id: number, as: Caller = admin) =>
    (await as('GET', '/api/coupons/templates?size=100')).json().content.find((row: { id: number }) => row.id === id);
  /** Pushes one coupon of a template to a phone; answers the coupon's code. */
  const pushTo = async (templateId: number, phone: string, as: Caller = admin) => {
    const pushed = await as('POST', `/api/coupons/templates/${templateId}/push`, { phones: [phone] });
    expect(pushed.json(), pushed.body).toEqual({ issued: 1, refused: [] });
    return couponOf(templateId, phone, as);
  };
  const couponOf = async (templateId: number, phone: string, as: Caller = admin) => {
    const listed = (await as('GET', `/api/coupons?templateId=${templateId}&blurry=${phone}`)).json();
    expect(listed.totalElements).toBe(1);
    return listed.content[0] as {
      id: number;
      code: string;
      status: string;
      orderNo: string | null;
      discountAmount: number;
    };
  };
  /** A coin sale of 2 L at 50 fen a litre (payable 100 fen before the coupon). */
  const order = (call: MachineCaller, fields: Record<string, unknown>) =>
    call('POST', '/gateway/v1/orders', {
      machineOrderNo: unique('S'),
      tap: 1,
      waterType: 'COLD',
      requestedMl: 2000,
      channel: 'COIN',
      ...fields,
    });
  const pay = (call: MachineCaller, no: string, amount: number) =>
    call('POST', `/gateway/v1/orders/${no}/payment`, { channel: 'COIN', amount });

  beforeAll(async () => {
    const modelId = (await machineModel(admin)).id;
    north = await activeAgent(admin, unique('Coupon North '), { quota: 10, rate: '15' });
    south = await activeAgent(admin, unique('Coupon South '), { quota: 10, rate: '15' });
    northSite = await siteOf(admin, north.id);
    northMachine = await operatingMachine(admin, { modelId, agentId: north.id, siteId: northSite.id });
    const southMachine = await operatingMachine(admin, {
      modelId,
      agentId: south.id,
      siteId: (await siteOf(admin, south.id)).id,
    });
    northCall = machineCaller(ctx.t, northMachine);
    southCall = machineCaller(ctx.t, southMachine);
    const policy = await admin('POST', '/api/price-policies', {
      name: unique('Coupon prices '),
      scope: 'ALL',
      priceWechat: 50,
      priceAlipay: 50,
      priceCard: 50,
      priceCoin: 50,
      discountPct: '0',
      effectiveFrom: '2020-01-01 00:00:00',
    });
    expect(policy.statusCode, policy.body).toBe(201);
    northManager = await staffOf(north.deptId, 'Agent manager');
    southManager = await staffOf(south.deptId, 'Agent manager');
  });

  it('refuses templates that do not hold together, and platform money or foreign scope to an agent’s staff', async () => {
    const base = { ...templateBody, name: 'Bad' };
    const refused = async (body: Record<string, unknown>, field: string, as: Caller = admin, status = 400) => {
      const answer = await as('POST', '/api/coupons/templates', { ...base, ...body });
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    };
    await refused({ issueType: 'CODE' }, 'claimCode');
    await refused({ type: 'PERCENT_OFF', value: 120 }, 'value');
    await refused({ validType: 'FIXED', validFrom: '2030-01-02 00:00:00', validTo: '2030-01-01 00:00:00' }, 'validTo');
    await refused({ validDays: null }, 'validDays');
    await refused({ scope: 'SITE', scopeIds: [] }, 'scopeIds');
    await refused({ scope: 'AGENT', scopeIds: [2_000_000_000] }, 'scopeIds');
    // An agent's staff: their own agent's coupons, funded by the agent, within their reach.
    await refused({ fundedBy: 'AGENT' }, 'agentId', northManager);
    await refused({ agentId: north.id }, 'fundedBy', northManager, 403);
    await refused({ agentId: south.id, fundedBy: 'AGENT' }, 'agentId', northManager);
    await refused(
      { agentId: north.id, fundedBy: 'AGENT', scope: 'SITE', scopeIds: [northSite.id + 1_000_000] },
      'scopeIds',
      northManager,
    );
    const code = unique('C')
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 20);
    await template({ issueType: 'CODE', claimCode: code }, admin, false);
    await refused({ issueType: 'CODE', claimCode: code.toLowerCase() }, 'claimCode');
    expect(
      (await admin('GET', '/api/coupons/templates'))
        .json()
        .content.filter((row: { name: string }) => row.name === 'Bad'),
    ).toEqual([]);
  });

  it('moves a template through draft, active, paused and ended; only a draft changes or goes', async () => {
    const id = await template({}, admin, false);
    const move = (status: string) => admin('PUT', `/api/coupons/templates/${id}/status`, { status });
    expect((await move('PAUSED')).statusCode).toBe(409);
    const draft = await templateRow(id);
    expect(draft).toMatchObject({ status: 'DRAFT', counts: { issued: 0, used: 0, discountCost: 0 } });
    const edited = await admin('PUT', '/api/coupons/templates', { ...draft, value: 40, id });
    expect(edited.statusCode, edited.body).toBe(204);
    expect((await move('ACTIVE')).statusCode).toBe(204);
    const changed = await admin('PUT', '/api/coupons/templates', { ...draft, value: 10, id });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('STATE_CONFLICT');
    expect((await admin('DELETE', '/api/coupons/templates', [id])).statusCode).toBe(409);
    expect((await move('PAUSED')).statusCode).toBe(204);
    const paused = await admin('POST', `/api/coupons/templates/${id}/push`, { phones: [newPhone()] });
    expect(paused.statusCode).toBe(409);
    expect((await move('ACTIVE')).statusCode).toBe(204);
    expect((await move('ENDED')).statusCode).toBe(204);
    expect((await move('ACTIVE')).statusCode).toBe(409);
    expect(await templateRow(id)).toMatchObject({ status: 'ENDED', value: 40 });

    const other = await template({}, admin, false);
    expect((await admin('DELETE', '/api/coupons/templates', [other])).statusCode).toBe(200);
    expect(await templateRow(other)).toBeUndefined();
  });

  it('pushes coupons by phone within the total and the per-member limit, and counts them', async () => {
    const id = await template({ total: 3, perMember: 2 });
    const [a, b] = [newPhone(), newPhone()];
    const pushed = await admin('POST', `/api/coupons/templates/${id}/push`, { phones: [a, a, a, 'not-a-phone', b, b] });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json()).toEqual({
      issued: 3,
      refused: [
        { phone: `${a.slice(0, 3)}****${a.slice(-4)}`, reason: 'LIMIT_REACHED' },
        { phone: 'not-a-phone', reason: 'FORMAT' },
        { phone: `${b.slice(0, 3)}****${b.slice(-4)}`, reason: 'NONE_LEFT' },
      ],
    });
    expect((await templateRow(id)).counts).toMatchObject({ issued: 3, unused: 3, used: 0 });
    const issued = (await admin('GET', `/api/coupons?templateId=${id}`)).json();
    expect(issued.totalElements).toBe(3);
    expect(issued.content[0]).toMatchObject({
      status: 'UNUSED',
      issueType: 'PUSH',
      memberPhone: expect.stringMatching(/^139\*{4}\d{4}$/),
    });
    expect(issued.content[0].code).toMatch(/^[A-Z2-9]{12}$/);

    // Only a PUSH template is pushed.
    const claimOnly = await template({ issueType: 'CLAIM' });
    expect((await admin('POST', `/api/coupons/templates/${claimOnly}/push`, { phones: [a] })).statusCode).toBe(409);
  });

  it('takes a coupon off an order, uses it when paid, and refuses it anywhere it does not hold, changing nothing', async () => {
    const id = await template({ value: 30, minSpend: 80 });
    const phone = newPhone();
    const { code } = await pushTo(id, phone);

    const noMember = await order(northCall, { couponCode: code });
    expect(noMember.statusCode).toBe(400);
    const refusedNo = unique('S');
    const stranger = await order(northCall, { couponCode: code, memberPhone: newPhone(), machineOrderNo: refusedNo });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).toMatchObject({ code: 'COUPON_UNUSABLE' });
    // Refused, the sale left nothing behind: the machine makes it again without the coupon.
    const retried = await order(northCall, { machineOrderNo: refusedNo });
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toMatchObject({ couponAmount: 0, payable: 100 });
    const small = await order(northCall, { couponCode: code, memberPhone: phone, requestedMl: 1000 });
    expect(small.statusCode).toBe(409);
    expect(small.json().message).toMatch(/must reach 80 fen/);
    expect((await couponOf(id, phone)).status).toBe('UNUSED');

    const machineOrderNo = unique('S');
    const made = await order(northCall, { couponCode: code, memberPhone: phone, machineOrderNo });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ listAmount: 100, couponAmount: 30, payable: 70, state: 'CREATED' });
    expect(await couponOf(id, phone)).toMatchObject({ status: 'LOCKED', orderNo: made.json().orderNo });
    // The same sale reported again is the same order; the coupon is not taken twice.
    const again = await order(northCall, { couponCode: code, memberPhone: phone, machineOrderNo });
    expect(again.statusCode).toBe(200);
    const twice = await order(northCall, { couponCode: code, memberPhone: phone });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/LOCKED/);

    expect((await pay(northCall, machineOrderNo, 70)).json()).toMatchObject({ state: 'PAID', paid: 70 });
    expect(await couponOf(id, phone)).toMatchObject({ status: 'USED', discountAmount: 30 });
    expect((await templateRow(id)).counts).toMatchObject({ issued: 1, used: 1, discountCost: 30 });
    const stats = (await admin('GET', '/api/coupons/stats')).json();
    expect(stats.platform.discountCost).toBeGreaterThanOrEqual(30);
    expect(stats.total.used).toBe(stats.platform.used + stats.agent.used);
    const member = (await admin('GET', `/api/members?blurry=${phone}`)).json().content[0];
    expect(member).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, orders: 1, paidTotal: 70 });

    // Good only at the south agent's machines: refused at the north's.
    const southOnly = await template({ scope: 'AGENT', scopeIds: [south.id] });
    expect((await templateRow(southOnly)).scopeNames).toEqual([south.name]);
    const southCoupon = await pushTo(southOnly, phone);
    const elsewhere = await order(northCall, { couponCode: southCoupon.code, memberPhone: phone });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toMatch(/not good at this machine/);
    expect((await order(southCall, { couponCode: southCoupon.code, memberPhone: phone })).statusCode).toBe(201);
  });

  it('counts a platform-funded coupon in the agent’s commission base and an agent-funded one not', async () => {
    const phone = newPhone();
    const commission = async (orderNo: string) => (await admin('GET', `/api/orders/${orderNo}`)).json().commission;
    const sale = async (templateId: number, as: Caller) => {
      const { code } = await pushTo(templateId, phone, as);
      const machineOrderNo = unique('S');
      const made = (await order(northCall, { couponCode: code, memberPhone: phone, machineOrderNo })).json();
      expect(made).toMatchObject({ couponAmount: 30, payable: 70 });
      expect((await pay(northCall, machineOrderNo, 70)).statusCode).toBe(200);
      return { machineOrderNo, orderNo: made.orderNo as string };
    };

    // The platform bears 0.30: the base is what the member paid and the coupon, 15 % of 1.00.
    const platform = await sale(await template(), admin);
    expect(await commission(platform.orderNo)).toMatchObject({ base: 100, amount: 15, heldAgentIds: [] });
    // The agent bears it: the base is what was paid, 15 % of 0.70 rounded half up.
    const agentFunded = await sale(
      await template({ agentId: north.id, fundedBy: 'AGENT' }, northManager),
      northManager,
    );
    expect(await commission(agentFunded.orderNo)).toMatchObject({ base: 70, amount: 11, heldAgentIds: [] });
    // Refunded in full, the order gives its coupon back and earns nothing.
    const failed = await northCall('POST', `/gateway/v1/orders/${platform.machineOrderNo}/dispense`, {
      result: 'FAILED',
    });
    expect(failed.json()).toMatchObject({ state: 'REFUNDED' });
    expect(await commission(platform.orderNo)).toMatchObject({ base: 0, amount: 0, heldAgentIds: [] });
  });

  it('gives a coupon back when its order closes unpaid or is refunded in full, expired if its window closed', async () => {
    const id = await template({ value: 20 });
    const closing = newPhone();
    const first = await pushTo(id, closing);
    const unpaid = await order(northCall, { couponCode: first.code, memberPhone: closing });
    expect(unpaid.statusCode).toBe(201);
    ctx.t.clock.advance(6 * 60_000);
    await ctx.t.app.scheduler.run('close-unpaid-orders');
    expect(await couponOf(id, closing)).toMatchObject({ status: 'UNUSED', orderNo: null });

    // Paid, then the dispense fails: the card is refunded at once and the coupon comes back.
    const failing = newPhone();
    const second = await pushTo(id, failing);
    const no = unique('S');
    const made = (await order(northCall, { couponCode: second.code, memberPhone: failing, machineOrderNo: no })).json();
    await pay(northCall, no, made.payable);
    expect((await couponOf(id, failing)).status).toBe('USED');
    const failed = await northCall('POST', `/gateway/v1/orders/${no}/dispense`, { result: 'FAILED', dispensedMl: 0 });
    expect(failed.json()).toMatchObject({ state: 'REFUNDED', refunded: made.payable });
    // The member's figures net the refund out.
    expect((await admin('GET', `/api/members?blurry=${failing}`)).json().content[0]).toMatchObject({
      orders: 1,
      paidTotal: 0,
    });
    expect(await couponOf(id, failing)).toMatchObject({ status: 'UNUSED', discountAmount: 0 });

    // A short fill refunds part: the coupon stays used.
    const short = newPhone();
    const third = await pushTo(id, short);
    const shortNo = unique('S');
    const shortOrder = (
      await order(northCall, { couponCode: third.code, memberPhone: short, machineOrderNo: shortNo })
    ).json();
    await pay(northCall, shortNo, shortOrder.payable);
    await northCall('POST', `/gateway/v1/orders/${shortNo}/dispense`, { result: 'COMPLETED', dispensedMl: 1000 });
    expect((await couponOf(id, short)).status).toBe('USED');

    // A coupon whose window closed while its order waited comes back expired.
    const fixed = await template({
      validType: 'FIXED',
      validFrom: formatDateTime(new Date(ctx.t.clock.now().getTime() - 60_000)),
      validTo: formatDateTime(new Date(ctx.t.clock.now().getTime() + 3 * 60_000)),
      validDays: null,
    });
    const late = newPhone();
    const fourth = await pushTo(fixed, late);
    expect((await order(northCall, { couponCode: fourth.code, memberPhone: late })).statusCode).toBe(201);
    ctx.t.clock.advance(6 * 60_000);
    await ctx.t.app.scheduler.run('close-unpaid-orders');
    expect((await couponOf(fixed, late)).status).toBe('EXPIRED');
  });

  it('makes an order a coupon covers whole paid at once', async () => {
    const id = await template({ type: 'FREE_LITRES', value: 5000, maxDiscount: 500 });
    const phone = newPhone();
    const { code } = await pushTo(id, phone);
    const made = await order(northCall, { couponCode: code, memberPhone: phone, channel: 'WECHAT' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ listAmount: 100, couponAmount: 100, payable: 0, paid: 0, state: 'PAID' });
    expect((await couponOf(id, phone)).status).toBe('USED');
    // The roll-ups count what the coupon took off (this is the machine's only WeChat sale).
    const [sales] = await ctx.t.database.db
      .select({ coupon: salesDaily.coupon, orders: salesDaily.orders, paid: salesDaily.paid })
      .from(salesDaily)
      .where(and(eq(salesDaily.machineId, northMachine.id), eq(salesDaily.channel, 'WECHAT')));
    expect(sales).toEqual({ coupon: 100, orders: 1, paid: 0 });
    // The home page counts what coupons took off this month, from the same roll-ups.
    const [month] = await ctx.t.database.db
      .select({ coupon: sql<number>`sum(${salesDaily.coupon})::int` })
      .from(salesDaily)
      .where(gte(salesDaily.day, formatDay(startOfMonth(ctx.t.clock.now()))));
    expect((await admin('GET', '/api/business/overview')).json().month.coupon).toBe(month?.coupon);
    expect(month?.coupon).toBeGreaterThanOrEqual(100);
  });

  it('values a coupon at the platform’s own price, never at the price an agent sets, and never above its cap', async () => {
    // A percent off or free water without a cap is refused.
    for (const type of ['FREE_LITRES', 'PERCENT_OFF']) {
      const refused = await admin('POST', '/api/coupons/templates', {
        ...templateBody,
        type,
        value: 10,
        name: 'No cap',
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ field: 'maxDiscount', code: 'required' });
    }
    // The agent prices its own machines at 50.00 a litre; the platform's price stays 0.50.
    const agentPolicy = await northManager('POST', '/api/price-policies', {
      name: unique('Agent prices '),
      scope: 'AGENT',
      scopeId: north.id,
      priceWechat: 5000,
      priceAlipay: 5000,
      priceCard: 5000,
      priceCoin: 5000,
      discountPct: '0',
      effectiveFrom: '2020-01-01 00:00:00',
    });
    expect(agentPolicy.statusCode, agentPolicy.body).toBe(201);
    try {
      const free = await template({ type: 'FREE_LITRES', value: 2000, maxDiscount: 10_000 });
      const phone = newPhone();
      const { code } = await pushTo(free, phone);
      const made = (await order(northCall, { couponCode: code, memberPhone: phone })).json();
      // 2 L at the agent's price is 100.00; the coupon takes 2 L at the platform's 0.50 off.
      expect(made).toMatchObject({ listAmount: 10_000, couponAmount: 100, payable: 9_900 });
      // The cap holds below the platform's value too.
      const capped = await template({ type: 'FREE_LITRES', value: 2000, maxDiscount: 60 });
      const other = newPhone();
      const second = (
        await order(northCall, { couponCode: (await pushTo(capped, other)).code, memberPhone: other })
      ).json();
      expect(second).toMatchObject({ couponAmount: 60 });
      // A percent off is a share of the order at the platform's price.
      const percent = await template({ type: 'PERCENT_OFF', value: 50, maxDiscount: 10_000 });
      const third = newPhone();
      const share = (
        await order(northCall, { couponCode: (await pushTo(percent, third)).code, memberPhone: third })
      ).json();
      expect(share).toMatchObject({ couponAmount: 50 });
    } finally {
      const id = (await admin('GET', '/api/price-policies?scope=AGENT&size=100'))
        .json()
        .content.find((row: { scopeId: number }) => row.scopeId === north.id).id;
      expect((await admin('DELETE', '/api/price-policies', [id])).statusCode).toBe(200);
    }
  });

  it('earns no commission on an order refunded in full, even when its platform coupon is used again', async () => {
    const phone = newPhone();
    const id = await template({ value: 30 });
    const { code } = await pushTo(id, phone);
    const first = unique('S');
    const made = (await order(northCall, { couponCode: code, memberPhone: phone, machineOrderNo: first })).json();
    await pay(northCall, first, made.payable);
    await northCall('POST', `/gateway/v1/orders/${first}/dispense`, { result: 'COMPLETED' });
    const asked = await northManager('POST', `/api/orders/${made.orderNo}/refunds`, {
      amount: made.payable,
      reason: 'CUSTOMER',
      note: 'Returned the bottle',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await admin('PUT', `/api/refunds/${asked.json().id}/review`, { action: 'APPROVE' })).statusCode).toBe(200);
    expect(await couponOf(id, phone)).toMatchObject({ status: 'UNUSED' });
    // The coupon given back pays part of another order.
    const second = unique('S');
    const next = (await order(northCall, { couponCode: code, memberPhone: phone, machineOrderNo: second })).json();
    await pay(northCall, second, next.payable);
    expect(await couponOf(id, phone)).toMatchObject({ status: 'USED', orderNo: next.orderNo });
    const commission = async (orderNo: string) => (await admin('GET', `/api/orders/${orderNo}`)).json().commission;
    expect(await commission(made.orderNo)).toMatchObject({ base: 0, amount: 0 });
    expect(await commission(next.orderNo)).toMatchObject({ base: 100, amount: 15 });
  });

  it('refunds a payment that arrives after its order closed: the order stays closed and its coupon stays returned', async () => {
    const phone = newPhone();
    const id = await template({ value: 30 });
    const { code } = await pushTo(id, phone);
    const no = unique('S');
    const made = (await order(northCall, { couponCode: code, memberPhone: phone, machineOrderNo: no })).json();
    ctx.t.clock.advance(6 * 60_000);
    await ctx.t.app.scheduler.run('close-unpaid-orders');
    expect(await couponOf(id, phone)).toMatchObject({ status: 'UNUSED', orderNo: null });
    // The coins come in late, with the time the machine took them.
    const late = await northCall('POST', `/gateway/v1/orders/${no}/payment`, {
      channel: 'COIN',
      amount: made.payable,
      paidAt: ctx.t.clock.now().getTime() - 60_000,
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ state: 'CLOSED', paid: made.payable, refunded: made.payable });
    // Reported again, it changes nothing.
    const again = await pay(northCall, no, made.payable);
    expect(again.json()).toMatchObject({ state: 'CLOSED', paid: made.payable, refunded: made.payable });
    const detail = (await admin('GET', `/api/orders/${made.orderNo}`)).json();
    expect(detail.refunds).toMatchObject([{ reason: 'ORDER_CLOSED', status: 'SUCCESS', amount: made.payable }]);
    expect(detail.commission).toMatchObject({ base: 0, amount: 0 });
    expect(await couponOf(id, phone)).toMatchObject({ status: 'UNUSED', orderNo: null });
    // The returned coupon still discounts one order, and only one.
    const next = unique('S');
    const second = (await order(northCall, { couponCode: code, memberPhone: phone, machineOrderNo: next })).json();
    expect(second).toMatchObject({ couponAmount: 30 });
    expect((await order(northCall, { couponCode: code, memberPhone: phone })).json()).toMatchObject({
      code: 'COUPON_UNUSABLE',
    });
    // A closed order's dispense is refused, naming its state and the event.
    const dispense = await northCall('POST', `/gateway/v1/orders/${no}/dispense`, { result: 'COMPLETED' });
    expect(dispense.statusCode).toBe(409);
    expect(dispense.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'CLOSED', event: 'COMPLETE' });
  });

  it('lets members claim at a machine, by template or by code, and gives first-order coupons once', async () => {
    const claimable = await template({ issueType: 'CLAIM', value: 10 });
    const code = unique('G')
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 20);
    const byCode = await template({ issueType: 'CODE', claimCode: code, value: 15 });
    const gift = await template({ issueType: 'FIRST_ORDER', value: 25 });
    const phone = newPhone();

    const offered = await northCall('GET', `/gateway/v1/coupons?memberPhone=${phone}`);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().coupons).toEqual([]);
    expect(offered.json().claimable.map((row: { templateId: number }) => row.templateId)).toContain(claimable);

    const claimed = await northCall('POST', '/gateway/v1/coupons/claim', { memberPhone: phone, templateId: claimable });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({
      type: 'AMOUNT_OFF',
      value: 10,
      code: expect.stringMatching(/^[A-Z2-9]{12}$/),
    });
    const more = await northCall('POST', '/gateway/v1/coupons/claim', { memberPhone: phone, templateId: claimable });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/holds 1/);
    const entered = await northCall('POST', '/gateway/v1/coupons/claim', {
      memberPhone: phone,
      claimCode: code.toLowerCase(),
    });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json().value).toBe(15);
    // A template of another issue type is not claimed.
    expect(
      (await northCall('POST', '/gateway/v1/coupons/claim', { memberPhone: phone, templateId: gift })).statusCode,
    ).toBe(404);
    expect((await northCall('POST', '/gateway/v1/coupons/claim', { templateId: claimable })).statusCode).toBe(400);
    const held = (await northCall('GET', `/gateway/v1/coupons?memberPhone=${phone}`)).json().coupons;
    expect(held.map((row: { value: number }) => row.value).sort()).toEqual([10, 15]);

    // The first paid order brings the first-order coupon; the second does not.
    for (let sale = 0; sale < 2; sale++) {
      const no = unique('S');
      const made = (await order(northCall, { memberPhone: phone, machineOrderNo: no })).json();
      await pay(northCall, no, made.payable);
    }
    const gifts = (await admin('GET', `/api/coupons?templateId=${gift}`)).json();
    expect(gifts.totalElements).toBe(1);
    expect(gifts.content[0]).toMatchObject({ issueType: 'FIRST_ORDER', status: 'UNUSED' });
    expect(byCode).toBeGreaterThan(0);
  });

  it('issues no more than the total when members claim at once', async () => {
    const id = await template({ issueType: 'CLAIM', total: 1 });
    const answers = await Promise.all(
      [newPhone(), newPhone(), newPhone()].map((phone) =>
        northCall('POST', '/gateway/v1/coupons/claim', { memberPhone: phone, templateId: id }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await templateRow(id)).counts.issued).toBe(1);
  });

  it('keeps each agent’s coupons and members to the staff of that agent', async () => {
    const northOwn = await template({ agentId: north.id, fundedBy: 'AGENT' }, northManager);
    const phone = newPhone();
    await pushTo(northOwn, phone, northManager);
    const seen = (await southManager('GET', '/api/coupons/templates?size=100')).json().content;
    expect(seen.map((row: { id: number }) => row.id)).not.toContain(northOwn);
    expect(
      (await southManager('PUT', `/api/coupons/templates/${northOwn}/status`, { status: 'PAUSED' })).statusCode,
    ).toBe(404);
    expect(
      (await southManager('POST', `/api/coupons/templates/${northOwn}/push`, { phones: [phone] })).statusCode,
    ).toBe(404);
    expect((await southManager('GET', `/api/coupons?templateId=${northOwn}`)).json().totalElements).toBe(0);
    const northCoupon = await couponOf(northOwn, phone, northManager);
    expect((await southManager('PUT', '/api/coupons/revoke', [northCoupon.id])).statusCode).toBe(404);
    // The platform's templates are the platform's staff's.
    expect(seen.every((row: { agentId: number | null }) => row.agentId === south.id)).toBe(true);

    // The member came through the north agent's coupon: north sees them, south does not.
    expect((await northManager('GET', `/api/members?blurry=${phone}`)).json().totalElements).toBe(1);
    expect((await southManager('GET', `/api/members?blurry=${phone}`)).json().totalElements).toBe(0);

    expect((await northManager('PUT', '/api/coupons/revoke', [northCoupon.id])).statusCode).toBe(200);
    expect((await couponOf(northOwn, phone, northManager)).status).toBe('REVOKED');
    expect((await northManager('PUT', '/api/coupons/revoke', [northCoupon.id])).statusCode).toBe(409);
  });
  // Last: it moves the clock a day on, past every session.
  it('expires unused coupons by the hourly job', async () => {
    const id = await template({ validDays: 1 });
    const phone = newPhone();
    await pushTo(id, phone);
    await ctx.t.app.scheduler.run('expire-coupons');
    expect((await couponOf(id, phone)).status).toBe('UNUSED');
    ctx.t.clock.advance(25 * 3_600_000);
    await ctx.t.app.scheduler.run('expire-coupons');
    const later = callerFor(ctx.t, await tokenOf(ctx.t));
    expect((await couponOf(id, phone, later)).status).toBe('EXPIRED');
    expect((await templateRow(id, later)).counts).toMatchObject({ issued: 1, expired: 1, unused: 0 });
  });
});
