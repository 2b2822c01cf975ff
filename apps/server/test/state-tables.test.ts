import { AGENT_STATE_MACHINE } from '@water/contract/agents';
import { ALARM_STATE_MACHINE } from '@water/contract/alarms';
import { CARD_STATE_MACHINE } from '@water/contract/cards';
import { COMMAND_STATE_MACHINE, type CommandState } from '@water/contract/commands';
import { COUPON_STATE_MACHINE, TEMPLATE_STATE_MACHINE } from '@water/contract/coupons';
import {
  ROLLOUT_STATE_MACHINE,
  type RolloutState,
  UPDATE_STATE_MACHINE,
  type UpdateState,
} from '@water/contract/firmware';
import { FAULT_BITS } from '@water/contract/gateway';
import { MACHINE_STATE_MACHINE } from '@water/contract/machines';
import { asFen } from '@water/contract/money';
import { ORDER_STATE_MACHINE, REFUND_STATE_MACHINE } from '@water/contract/orders';
import { allows, type StateMachine, targetsOf } from '@water/contract/state-machine';
import { WITHDRAWAL_STATE_MACHINE, type WithdrawalState } from '@water/contract/withdrawals';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/lib/time.ts';
import {
  allocatedMachines,
  type FirmwareMachine,
  uploadPackage,
} from '../src/modules/firmware/firmware-test-fixtures.ts';
import { signedHeaders } from '../src/modules/gateway/gateway-signing.ts';
import { payments } from '../src/modules/payments/payments.schema.ts';
import { coinSale, sellingMachineOf, withdrawingAgent } from '../src/modules/withdrawals/test-fixtures.ts';
import {
  activeAgent,
  cardPayment,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf,
  type TestCard,
  toppedUpCard,
  unique,
} from './business-fixtures.ts';
import { type Caller, useTestApp } from './test-app.ts';

/**
 * Walks every business object's state table through the API: for each state the object can be
 * brought to and each event that has a way in, an allowed event succeeds and leads to one of its
 * targets, a forbidden one is refused (`409 STATE_CONFLICT` naming the state and the event) and
 * changes nothing. A machine repeating a report it already made is answered as it stands
 * (`replays`); the gateway answers machines with its own codes where its protocol says so.
 */
interface Walk<S extends string, E extends string, H> {
  machine: StateMachine<S, E>;
  /** Makes a fresh object in that state. */
  reach: Record<S, () => Promise<H>>;
  /** Causes the event, as an actor the table allows. */
  act: Partial<Record<E, (object: H) => Promise<LightMyRequestResponse>>>;
  /** Events with no way in of their own, and where they are exercised instead. */
  elsewhere?: Partial<Record<NoInfer<E>, string>>;
  stateOf: (object: H) => Promise<S>;
  /** Everything a refused event must leave as it was. */
  snapshot: (object: H) => Promise<unknown>;
  /** A forbidden event answered as a repeat of what already happened: 2xx, nothing changed. */
  replays?: (state: S, event: E) => boolean;
  /** How a forbidden event is refused when not with 409 STATE_CONFLICT (the gateway's own codes). */
  refusal?: Partial<Record<NoInfer<E>, { status: number; code: string }>>;
  /**
   * Events that share their way in with another (a payment is a late payment on a closed order;
   * `status: ACTIVE` starts a draft and resumes a paused template): where the event may not
   * happen and its twin may, the call is the twin.
   */
  twins?: Partial<Record<NoInfer<E>, NoInfer<E>>>;
}

function walk<S extends string, E extends string, H>(spec: Walk<S, E, H>): void {
  const events = Object.keys(spec.machine.events) as E[];
  it('gives every event a way in', () => {
    for (const event of events) {
      expect(spec.act[event] ?? spec.elsewhere?.[event], `${spec.machine.name}: ${event} has no way in`).toBeDefined();
    }
  });
  // One test per state: each brings fresh objects to it and tries every event there.
  for (const state of spec.machine.states) {
    it(`from ${state}`, async () => {
      for (const event of events) {
        const act = spec.act[event];
        if (!act) continue;
        await tryEvent(spec, state, event, act);
      }
    });
  }
}

async function tryEvent<S extends string, E extends string, H>(
  spec: Walk<S, E, H>,
  state: S,
  event: E,
  act: (object: H) => Promise<LightMyRequestResponse>,
): Promise<void> {
  const object = await spec.reach[state]();
  expect(await spec.stateOf(object), `${spec.machine.name} reached`).toBe(state);
  const before = await spec.snapshot(object);
  const answer = await act(object);
  const label = `${spec.machine.name} ${state} × ${event}: ${answer.body}`;
  const twin = spec.twins?.[event];
  const happens = allows(spec.machine, state, event) ? event : twin && allows(spec.machine, state, twin) ? twin : null;
  if (happens) {
    expect(answer.statusCode, label).toBeLessThan(300);
    expect(targetsOf(spec.machine, state, happens), label).toContain(await spec.stateOf(object));
  } else if (spec.replays?.(state, event) || (twin && spec.replays?.(state, twin))) {
    expect(answer.statusCode, label).toBeLessThan(300);
    expect(await spec.snapshot(object), label).toEqual(before);
  } else {
    const refusal = spec.refusal?.[event];
    expect(answer.statusCode, label).toBe(refusal?.status ?? 409);
    if (refusal) expect(answer.json().code, label).toBe(refusal.code);
    else {
      expect(answer.json(), label).toMatchObject({ code: 'STATE_CONFLICT', state });
      expect([event, twin], label).toContain(answer.json().event);
    }
    expect(await spec.snapshot(object), label).toEqual(before);
  }
}

const NOTIFY_KEY = 'channel-notify-key-for-state-tables-0123456789';
const past = '2020-01-01 00:00:00';

// Each state's test makes a fresh object per event: seconds alone, more beside a full test run.
describe('state tables, walked through the API', { timeout: 120_000 }, () => {
  const ctx = useTestApp({ PAYMENT_NOTIFY_KEY: NOTIFY_KEY, FIRMWARE_UPDATE_TIMEOUT: '10m' });
  const admin: Caller = (...args) => ctx.admin(...args);
  let modelId: number;
  let north: { id: number; deptId: number };
  let south: { id: number; deptId: number };
  let northSite: { id: number };
  let seller: { id: number; serialNo: string; secret: string };
  let call: MachineCaller;
  let clerk: Caller;
  let card: TestCard;

  beforeAll(async () => {
    modelId = (await machineModel(admin)).id;
    north = await activeAgent(admin, unique('Walk North '), { quota: 500 });
    south = await activeAgent(admin, unique('Walk South '), { quota: 500 });
    northSite = await siteOf(admin, north.id);
    const prices = await admin('POST', '/api/price-policies', {
      name: unique('Walk prices '),
      scope: 'ALL',
      priceWechat: 50,
      priceAlipay: 50,
      priceCard: 50,
      priceCoin: 50,
      discountPct: '0',
      effectiveFrom: past,
    });
    expect(prices.statusCode, prices.body).toBe(201);
    seller = await operatingMachine(admin, { modelId, agentId: north.id, siteId: northSite.id });
    call = machineCaller(ctx.t, seller);
    // Refunds are asked for by a clerk and reviewed by the administrator: nobody reviews their own.
    clerk = await staffOf(ctx.t, admin, north.deptId, 'Agent manager');
    card = await toppedUpCard(admin, north.id, 100_000);
  });

  // ------------------------------------------------------------------ orders and refunds

  const sale = async (channel: 'CARD' | 'WECHAT' = 'CARD', fields: Record<string, unknown> = {}) => {
    const machineOrderNo = unique('S');
    const made = await call('POST', '/gateway/v1/orders', {
      machineOrderNo,
      tap: 1,
      waterType: 'COLD',
      requestedMl: 2000,
      channel,
      ...fields,
    });
    expect(made.statusCode, made.body).toBe(201);
    return { machineOrderNo, orderNo: made.json().orderNo as string, payable: made.json().payable as number };
  };
  type Sale = Awaited<ReturnType<typeof sale>>;
  const notify = (order: Sale) => {
    const text = JSON.stringify({
      orderNo: order.orderNo,
      transactionId: `wx-${order.orderNo}`,
      amount: order.payable,
    });
    const url = '/gateway/v1/channels/wechat/notify';
    const headers = signedHeaders({
      key: NOTIFY_KEY,
      method: 'POST',
      path: url,
      body: text,
      now: ctx.t.clock.now().getTime(),
    });
    return ctx.t.app.inject({ method: 'POST', url, headers, payload: text });
  };
  const pay = (order: Sale) =>
    call('POST', `/gateway/v1/orders/${order.machineOrderNo}/payment`, {
      channel: 'CARD',
      ...cardPayment(card),
      amount: order.payable,
    });
  const dispense = (order: Sale, result: string, dispensedMl?: number) =>
    call('POST', `/gateway/v1/orders/${order.machineOrderNo}/dispense`, { result, dispensedMl });
  const orderDetail = async (order: Sale) => (await admin('GET', `/api/orders/${order.orderNo}`)).json();
  const closeUnpaid = async () => {
    ctx.t.clock.advance(6 * 60_000);
    await ctx.t.app.scheduler.run('close-unpaid-orders');
  };
  const askRefund = (order: Sale, amount: number) =>
    clerk('POST', `/api/orders/${order.orderNo}/refunds`, { amount, reason: 'CUSTOMER', note: 'Walked' });
  const then = async <T>(made: Promise<T>, ...steps: ((value: T) => Promise<unknown>)[]) => {
    const value = await made;
    for (const step of steps) await step(value);
    return value;
  };

  /** A machine's reports a second time answer the order as it is (the gateway is idempotent on them). */
  const PAID_STATES = [
    'PAID',
    'DISPENSING',
    'COMPLETED',
    'DISPENSE_FAILED',
    'REFUNDING',
    'REFUNDED',
    'PARTIALLY_REFUNDED',
  ];
  const orderReplays = (state: string, event: string) => {
    if (event === 'PAY') return PAID_STATES.includes(state);
    if (event === 'START_DISPENSE') return PAID_STATES.includes(state) && state !== 'PAID';
    if (event === 'COMPLETE') return ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(state);
    if (event === 'FAIL_DISPENSE') return ['DISPENSE_FAILED', 'REFUNDING', 'REFUNDED'].includes(state);
    // The close job passes over every order that is not waiting for its payment.
    return event === 'CLOSE';
  };

  describe('the order table', () => {
    const rejectedRefund = async (order: Sale) => {
      const [pending] = (await admin('GET', `/api/refunds?status=PENDING&blurry=${order.orderNo}`)).json().content;
      expect(
        (await admin('PUT', `/api/refunds/${pending.id}/review`, { action: 'REJECT', note: 'No' })).statusCode,
      ).toBe(200);
    };
    walk({
      machine: ORDER_STATE_MACHINE,
      reach: {
        CREATED: () => sale(),
        PAID: () => then(sale(), pay),
        DISPENSING: () => then(sale(), pay, (o) => dispense(o, 'STARTED')),
        COMPLETED: () => then(sale(), pay, (o) => dispense(o, 'COMPLETED')),
        CLOSED: () => then(sale(), closeUnpaid),
        DISPENSE_FAILED: () => then(sale('WECHAT'), notify, (o) => dispense(o, 'FAILED'), rejectedRefund),
        REFUNDING: () => then(sale('WECHAT'), notify, (o) => dispense(o, 'FAILED')),
        REFUNDED: () => then(sale(), pay, (o) => dispense(o, 'FAILED')),
        PARTIALLY_REFUNDED: () => then(sale(), pay, (o) => dispense(o, 'COMPLETED', 1000)),
      },
      act: {
        PAY: pay,
        PAY_LATE: pay,
        CLOSE: async (order) => {
          await closeUnpaid();
          return call('GET', `/gateway/v1/orders/${order.machineOrderNo}`);
        },
        START_DISPENSE: (order) => dispense(order, 'STARTED'),
        COMPLETE: (order) => dispense(order, 'COMPLETED'),
        FAIL_DISPENSE: (order) => dispense(order, 'FAILED'),
        REQUEST_REFUND: (order) => askRefund(order, 1),
      },
      elsewhere: {
        REFUND: 'a refund approved or settled: the refund table',
        REJECT_REFUND: 'a failed dispense’s refund rejected: the refund table',
      },
      stateOf: async (order) => (await orderDetail(order)).state,
      snapshot: orderDetail,
      replays: orderReplays,
      twins: { PAY: 'PAY_LATE', PAY_LATE: 'PAY' },
    });
  });

  describe('the refund table, and the order follows it', () => {
    const reachRefund = async (status: 'PENDING' | 'SUCCESS' | 'FAILED') => {
      const order = await then(sale(), pay, (o) => dispense(o, 'COMPLETED'));
      const asked = await askRefund(order, 10);
      expect(asked.statusCode, asked.body).toBe(201);
      const refund = { id: asked.json().id as number, order };
      if (status !== 'PENDING') {
        const action = status === 'SUCCESS' ? 'APPROVE' : 'REJECT';
        await admin('PUT', `/api/refunds/${refund.id}/review`, { action, note: 'Walked' });
      }
      return refund;
    };
    /**
     * SENT: a failed dispense of an order paid through a channel's driver hands its refund to the
     * driver. The driver named is not configured here, so it waits as sent.
     */
    const reachSentRefund = async () => {
      const order = await then(sale('WECHAT'), notify);
      await ctx.t.database.db
        .insert(payments)
        .values({ orderNo: order.orderNo, channel: 'WECHAT', driver: 'WECHAT_PAY_V3', amount: asFen(order.payable) });
      await dispense(order, 'FAILED');
      const [refund] = (await orderDetail(order)).refunds;
      return { id: refund.id as number, order };
    };
    type Handle = Awaited<ReturnType<typeof reachRefund>>;
    const refundOf = async (refund: Handle) =>
      (await orderDetail(refund.order)).refunds.find((row: { id: number }) => row.id === refund.id);
    walk({
      machine: REFUND_STATE_MACHINE,
      reach: {
        PENDING: () => reachRefund('PENDING'),
        SENT: reachSentRefund,
        SUCCESS: () => reachRefund('SUCCESS'),
        FAILED: () => reachRefund('FAILED'),
      },
      act: {
        APPROVE: (refund) => admin('PUT', `/api/refunds/${refund.id}/review`, { action: 'APPROVE' }),
        REJECT: (refund) => admin('PUT', `/api/refunds/${refund.id}/review`, { action: 'REJECT', note: 'Walked' }),
      },
      elsewhere: {
        SETTLE: 'card and coin refunds going back at once: below',
        SEND: 'refunds through a payment channel’s driver: payments.test.ts',
        CHANNEL_FAIL: 'refunds through a payment channel’s driver: payments.test.ts',
      },
      stateOf: async (refund) => (await refundOf(refund)).status,
      snapshot: async (refund) => orderDetail(refund.order),
    });
    it('names the object and its state in the console’s language when it refuses', async () => {
      const order = await then(sale(), pay, (o) => dispense(o, 'COMPLETED'));
      const asked = await askRefund(order, 10);
      const id = asked.json().id as number;
      expect((await admin('PUT', `/api/refunds/${id}/review`, { action: 'APPROVE' })).statusCode).toBe(200);
      const again = (language: string) =>
        admin('PUT', `/api/refunds/${id}/review`, { action: 'REJECT', note: 'Late' }, { 'accept-language': language });
      const chinese = await again('zh-CN,zh;q=0.9');
      expect(chinese.statusCode).toBe(409);
      expect(chinese.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'SUCCESS', event: 'REJECT' });
      expect(chinese.json().message).toContain('该退款当前为「已退款」');
      // English clients (eladmin's) keep the server's own sentence.
      expect((await again('en-US')).json().message).toMatch(/refund/i);
    });

    it('settles a card refund at once, and leaves a failed dispense whose refund was rejected', async () => {
      // SETTLE: a card refund the server makes itself goes back at once, and the order follows.
      const short = await then(sale(), pay, (o) => dispense(o, 'COMPLETED', 1000));
      const detail = await orderDetail(short);
      expect(detail).toMatchObject({ state: 'PARTIALLY_REFUNDED', refunded: 50 });
      expect(detail.refunds).toMatchObject([{ reason: 'SHORT_FILL', status: 'SUCCESS' }]);
      // REJECT_REFUND: a failed dispense's refund rejected leaves the order DISPENSE_FAILED.
      const failed = await then(sale('WECHAT'), notify, (o) => dispense(o, 'FAILED'));
      const [pending] = (await orderDetail(failed)).refunds;
      await admin('PUT', `/api/refunds/${pending.id}/review`, { action: 'REJECT', note: 'Walked' });
      expect((await orderDetail(failed)).state).toBe('DISPENSE_FAILED');
    });
  });

  // ------------------------------------------------------------------ coupons

  let phoneSerial = 0;
  const newPhone = () => `137${String(Date.now() % 100_000).padStart(5, '0')}${String(++phoneSerial).padStart(3, '0')}`;
  const template = async (fields: Record<string, unknown> = {}) => {
    const name = unique('Walk coupon ');
    const created = await admin('POST', '/api/coupons/templates', {
      name,
      type: 'AMOUNT_OFF',
      value: 10,
      minSpend: 0,
      scope: 'ALL',
      issueType: 'PUSH',
      total: 0,
      perMember: 5,
      validType: 'DAYS',
      validDays: 7,
      fundedBy: 'PLATFORM',
      ...fields,
    });
    expect(created.statusCode, created.body).toBe(201);
    return (await admin('GET', `/api/coupons/templates?blurry=${encodeURIComponent(name)}`)).json().content[0]
      .id as number;
  };
  const setStatus = (id: number, status: string) => admin('PUT', `/api/coupons/templates/${id}/status`, { status });
  const templateOf = async (id: number) =>
    (await admin('GET', '/api/coupons/templates?size=1000'))
      .json()
      .content.find((row: { id: number }) => row.id === id);

  describe('the coupon template table', () => {
    const reach = async (...statuses: string[]) => {
      const id = await template();
      for (const status of statuses) expect((await setStatus(id, status)).statusCode).toBe(204);
      return id;
    };
    walk({
      machine: TEMPLATE_STATE_MACHINE,
      reach: {
        DRAFT: () => reach(),
        ACTIVE: () => reach('ACTIVE'),
        PAUSED: () => reach('ACTIVE', 'PAUSED'),
        ENDED: () => reach('ACTIVE', 'ENDED'),
      },
      act: {
        EDIT: async (id) => {
          const row = await templateOf(id);
          return admin('PUT', '/api/coupons/templates', {
            id,
            name: `${row.name} edited`,
            type: 'AMOUNT_OFF',
            value: 20,
            minSpend: 0,
            scope: 'ALL',
            issueType: 'PUSH',
            total: 0,
            perMember: 5,
            validType: 'DAYS',
            validDays: 7,
            fundedBy: 'PLATFORM',
          });
        },
        DELETE: (id) => admin('DELETE', '/api/coupons/templates', [id]),
        START: (id) => setStatus(id, 'ACTIVE'),
        PAUSE: (id) => setStatus(id, 'PAUSED'),
        RESUME: (id) => setStatus(id, 'ACTIVE'),
        END: (id) => setStatus(id, 'ENDED'),
        ISSUE: (id) => admin('POST', `/api/coupons/templates/${id}/push`, { phones: [newPhone()] }),
      },
      // A deleted draft is gone: its state is read as the state it was deleted in.
      stateOf: async (id) => (await templateOf(id))?.status ?? 'DRAFT',
      snapshot: templateOf,
      twins: { START: 'RESUME', RESUME: 'START' },
    });
  });

  describe('the coupon table', () => {
    const now = () => ctx.t.clock.now().getTime();
    const pushed = async () => {
      // Valid for ten minutes: the hourly job expires it once the clock has moved past.
      const id = await template({
        perMember: 1,
        validType: 'FIXED',
        validDays: null,
        validFrom: formatDateTime(new Date(now() - 60_000)),
        validTo: formatDateTime(new Date(now() + 10 * 60_000)),
      });
      expect((await setStatus(id, 'ACTIVE')).statusCode).toBe(204);
      const phone = newPhone();
      const push = await admin('POST', `/api/coupons/templates/${id}/push`, { phones: [phone] });
      expect(push.json(), push.body).toEqual({ issued: 1, refused: [] });
      const [coupon] = (await admin('GET', `/api/coupons?templateId=${id}&blurry=${phone}`)).json().content;
      return {
        templateId: id,
        phone,
        id: coupon.id as number,
        code: coupon.code as string,
        order: undefined as Sale | undefined,
      };
    };
    type Handle = Awaited<ReturnType<typeof pushed>>;
    const locked = async () => {
      const coupon = await pushed();
      coupon.order = await sale('CARD', { couponCode: coupon.code, memberPhone: coupon.phone });
      return coupon;
    };
    const couponRow = async (coupon: Handle) =>
      (await admin('GET', `/api/coupons?templateId=${coupon.templateId}&blurry=${coupon.phone}`)).json().content[0];
    walk({
      machine: COUPON_STATE_MACHINE,
      reach: {
        UNUSED: pushed,
        LOCKED: locked,
        USED: async () => {
          const coupon = await locked();
          await pay(coupon.order as Sale);
          return coupon;
        },
        EXPIRED: async () => {
          const coupon = await pushed();
          ctx.t.clock.advance(11 * 60_000);
          await ctx.t.app.scheduler.run('expire-coupons');
          return coupon;
        },
        REVOKED: async () => {
          const coupon = await pushed();
          expect((await admin('PUT', '/api/coupons/revoke', [coupon.id])).statusCode).toBe(200);
          return coupon;
        },
      },
      act: {
        LOCK: (coupon) =>
          call('POST', '/gateway/v1/orders', {
            machineOrderNo: unique('S'),
            tap: 1,
            waterType: 'COLD',
            requestedMl: 2000,
            channel: 'CARD',
            couponCode: coupon.code,
            memberPhone: coupon.phone,
          }),
        REVOKE: (coupon) => admin('PUT', '/api/coupons/revoke', [coupon.id]),
        EXPIRE: async (coupon) => {
          ctx.t.clock.advance(11 * 60_000);
          await ctx.t.app.scheduler.run('expire-coupons');
          return admin('GET', `/api/coupons?templateId=${coupon.templateId}`);
        },
      },
      elsewhere: {
        USE: 'paying the order that locked it: reach USED above, and coupons.test.ts',
        GIVE_BACK: 'its order closed unpaid or refunded in full: coupons.test.ts',
      },
      stateOf: async (coupon) => (await couponRow(coupon)).status,
      snapshot: couponRow,
      // The hourly job passes over coupons that are not unused.
      replays: (_state, event) => event === 'EXPIRE',
      // A machine is told why a coupon does not apply with the gateway's own code.
      refusal: { LOCK: { status: 409, code: 'COUPON_UNUSABLE' } },
    });
  });

  // ------------------------------------------------------------------ machines, agents and alarms

  const registered = async () => {
    const made = await admin('POST', '/api/machines', { serialNo: unique('WK'), modelId });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { machine: { id: number; serialNo: string }; secret: string };
  };
  type Registered = Awaited<ReturnType<typeof registered>>;
  const lifecycle = (machine: Registered, action: string, fields: Record<string, unknown> = {}) =>
    admin('PUT', `/api/machines/${machine.machine.id}/lifecycle`, { action, ...fields });
  const allocate = (machine: Registered, agentId = north.id) =>
    admin('POST', '/api/machines/allocate', { machineIds: [machine.machine.id], agentId });
  const machineOf = async (machine: Registered) => (await admin('GET', `/api/machines/${machine.machine.id}`)).json();
  const step =
    (action: string, fields: Record<string, unknown> = {}) =>
    async (machine: Registered) => {
      const answer = await lifecycle(machine, action, fields);
      expect(answer.statusCode, answer.body).toBe(200);
    };

  describe('the machine table', () => {
    const install = () => step('INSTALL', { siteId: northSite.id });
    const allocated = () => then(registered(), (m) => allocate(m));
    walk({
      machine: MACHINE_STATE_MACHINE,
      reach: {
        IN_STOCK: registered,
        ALLOCATED: allocated,
        OPERATING: () => then(allocated(), install()),
        SUSPENDED: () => then(allocated(), install(), step('SUSPEND')),
        RETIRED: () => then(allocated(), install(), step('RETIRE')),
        SCRAPPED: () => then(allocated(), install(), step('RETIRE'), step('SCRAP')),
      },
      act: {
        ALLOCATE: (machine) => allocate(machine),
        TRANSFER: (machine) =>
          admin('POST', '/api/machines/transfer', { machineIds: [machine.machine.id], agentId: south.id }),
        RECALL: (machine) => admin('POST', '/api/machines/recall', { machineIds: [machine.machine.id] }),
        INSTALL: (machine) => lifecycle(machine, 'INSTALL', { siteId: northSite.id }),
        SUSPEND: (machine) => lifecycle(machine, 'SUSPEND'),
        RESUME: (machine) => lifecycle(machine, 'RESUME'),
        RETIRE: (machine) => lifecycle(machine, 'RETIRE'),
        RESTOCK: (machine) => lifecycle(machine, 'RESTOCK'),
        SCRAP: (machine) => lifecycle(machine, 'SCRAP'),
        EDIT: (machine) =>
          admin('PUT', `/api/machines/${machine.machine.id}`, {
            stickerCode: machine.machine.serialNo,
            modelId,
            imei: null,
            iccid: null,
            warrantyEnd: '2031-12-31',
          }),
        SELL: (machine) =>
          machineCaller(ctx.t, { serialNo: machine.machine.serialNo, secret: machine.secret })(
            'POST',
            '/gateway/v1/orders',
            {
              machineOrderNo: unique('S'),
              tap: 1,
              waterType: 'COLD',
              requestedMl: 1000,
              channel: 'COIN',
            },
          ),
      },
      stateOf: async (machine) => (await machineOf(machine)).lifecycle,
      snapshot: machineOf,
      // A machine that may not sell is told so with the gateway's own code.
      refusal: { SELL: { status: 403, code: 'MACHINE_UNAVAILABLE' } },
    });
  });

  describe('the agent table', () => {
    const applied = async () => {
      const code = unique('W');
      const created = await admin('POST', '/api/agents', {
        code,
        name: unique('Walk agent '),
        parentId: null,
        level: 'PLATFORM',
        contactName: 'Li Wei',
        contactPhone: '13800138000',
        commissionRate: '10',
        machineQuota: 5,
      });
      expect(created.statusCode, created.body).toBe(201);
      return (await admin('GET', `/api/agents?blurry=${code}`)).json().content[0].id as number;
    };
    const review = (action: string) => async (id: number) => {
      const answer = await admin('PUT', `/api/agents/${id}/review`, { action });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const agentOf = async (id: number) =>
      (await admin('GET', '/api/agents?size=1000')).json().content.find((row: { id: number }) => row.id === id);
    walk({
      machine: AGENT_STATE_MACHINE,
      reach: {
        PENDING_REVIEW: applied,
        ACTIVE: () => then(applied(), review('APPROVE')),
        FROZEN: () => then(applied(), review('APPROVE'), review('FREEZE')),
        TERMINATED: () => then(applied(), review('REJECT')),
      },
      act: {
        APPROVE: (id) => admin('PUT', `/api/agents/${id}/review`, { action: 'APPROVE' }),
        REJECT: (id) => admin('PUT', `/api/agents/${id}/review`, { action: 'REJECT' }),
        FREEZE: (id) => admin('PUT', `/api/agents/${id}/review`, { action: 'FREEZE' }),
        UNFREEZE: (id) => admin('PUT', `/api/agents/${id}/review`, { action: 'UNFREEZE' }),
        TERMINATE: (id) => admin('PUT', `/api/agents/${id}/review`, { action: 'TERMINATE' }),
        RECEIVE_MACHINES: async (id) => allocate(await registered(), id),
      },
      stateOf: async (id) => (await agentOf(id)).status,
      snapshot: agentOf,
    });
  });

  describe('the water card table', () => {
    const state = (action: string) => async (id: number) => {
      const answer = await admin('PUT', `/api/cards/${id}/state`, { action });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const cardOf = async (id: number) => ({
      card: (await admin('GET', `/api/cards/${id}`)).json(),
      moves: (await admin('GET', `/api/cards/${id}/movements`)).json().totalElements,
    });
    /** Each card's number and secret, as a machine reads them (a reissued card's too). */
    const secrets = new Map<number, TestCard>();
    const issuedWithSecret = async () => {
      const made = await toppedUpCard(admin, north.id, 1_000);
      secrets.set(made.id, made);
      return made.id;
    };
    walk({
      machine: CARD_STATE_MACHINE,
      reach: {
        ACTIVE: issuedWithSecret,
        FROZEN: () => then(issuedWithSecret(), state('FREEZE')),
        REISSUED: async () => {
          const id = await then(issuedWithSecret(), state('FREEZE'));
          expect((await admin('POST', `/api/cards/${id}/reissue`)).statusCode).toBe(201);
          return id;
        },
      },
      act: {
        TOP_UP: (id) =>
          admin('POST', `/api/cards/${id}/top-ups`, { amount: 100, channel: 'CASH', requestId: unique('walk-') }),
        PAY: async (id) => {
          const order = await sale();
          return call('POST', `/gateway/v1/orders/${order.machineOrderNo}/payment`, {
            channel: 'CARD',
            ...cardPayment(secrets.get(id) as TestCard),
            amount: order.payable,
          });
        },
        SET_LIMITS: (id) => admin('PUT', `/api/cards/${id}/limits`, { perUseLimit: 500 }),
        FREEZE: (id) => admin('PUT', `/api/cards/${id}/state`, { action: 'FREEZE' }),
        UNFREEZE: (id) => admin('PUT', `/api/cards/${id}/state`, { action: 'UNFREEZE' }),
        REISSUE: (id) => admin('POST', `/api/cards/${id}/reissue`),
      },
      elsewhere: {
        CREDIT:
          'a refund of a card sale: card-sales.test.ts (to a frozen card, and to the replacement of a reissued one)',
      },
      refusal: { PAY: { status: 409, code: 'CARD_REFUSED' } },
      stateOf: async (id) => (await admin('GET', `/api/cards/${id}`)).json().state,
      snapshot: cardOf,
    });
  });

  describe('the alarm table', () => {
    const fault = async () => {
      const machine = await operatingMachine(admin, { modelId, agentId: north.id, siteId: northSite.id });
      const beat = await machineCaller(ctx.t, machine)('POST', '/gateway/v1/heartbeat', {
        faultBits: FAULT_BITS.LEAK,
      });
      expect(beat.statusCode, beat.body).toBe(200);
      const [alarm] = (await admin('GET', `/api/alarms?machineId=${machine.id}&type=LEAK`)).json().content;
      return alarm.id as number;
    };
    const act = (action: string) => (id: number) => admin('PUT', '/api/alarms', { action, ids: [id] });
    const alarmOf = async (id: number) =>
      (await admin('GET', '/api/alarms?size=1000')).json().content.find((row: { id: number }) => row.id === id);
    walk({
      machine: ALARM_STATE_MACHINE,
      reach: {
        OPEN: fault,
        ACKNOWLEDGED: async () => {
          const id = await fault();
          expect((await act('ACKNOWLEDGE')(id)).statusCode).toBe(200);
          return id;
        },
        RESOLVED: async () => {
          const id = await fault();
          expect((await act('RESOLVE')(id)).statusCode).toBe(200);
          return id;
        },
      },
      act: { ACKNOWLEDGE: act('ACKNOWLEDGE'), RESOLVE: act('RESOLVE') },
      stateOf: async (id) => (await alarmOf(id)).state,
      snapshot: alarmOf,
    });
  });

  // ------------------------------------------------------------------ withdrawals

  describe('the withdrawal table', () => {
    // The agent's manager asks; the administrator reviews and pays (never their own request).
    let agentId: number;
    let asker: Caller;
    beforeAll(async () => {
      const agent = await withdrawingAgent(admin, unique('Walk withdrawer '));
      agentId = agent.id;
      await coinSale(await sellingMachineOf(ctx.t, admin, agentId));
      asker = await staffOf(ctx.t, admin, agent.deptId, 'Agent manager');
    });
    const review = (action: string) => (id: number) =>
      admin('PUT', `/api/withdrawals/${id}/review`, { action, note: 'Walked' });
    const payout = (action: string) => (id: number) =>
      admin('PUT', `/api/withdrawals/${id}/payout`, { action, reference: `WALK${id}`, note: 'Walked' });
    const reach = async (...steps: ((id: number) => Promise<LightMyRequestResponse>)[]) => {
      const made = await asker('POST', '/api/withdrawals', { agentId, amount: 1 });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().id as number;
      for (const step of steps) expect((await step(id)).statusCode).toBe(200);
      return id;
    };
    const withdrawalOf = async (id: number) => (await admin('GET', `/api/withdrawals/${id}`)).json();
    walk({
      machine: WITHDRAWAL_STATE_MACHINE,
      reach: {
        REQUESTED: () => reach(),
        APPROVED: () => reach(review('APPROVE')),
        PAID: () => reach(review('APPROVE'), payout('PAY')),
        REJECTED: () => reach(review('REJECT')),
        FAILED: () => reach(review('APPROVE'), payout('FAIL')),
      },
      act: { APPROVE: review('APPROVE'), REJECT: review('REJECT'), PAY: payout('PAY'), FAIL: payout('FAIL') },
      stateOf: async (id) => (await withdrawalOf(id)).state as WithdrawalState,
      snapshot: async (id) => ({
        withdrawal: await withdrawalOf(id),
        balance: (await admin('GET', `/api/withdrawals/balances?agentId=${agentId}`)).json(),
      }),
      // Paid out again with the reference it was paid with: the same payout, answered as it stands.
      replays: (state, event) => state === 'PAID' && event === 'PAY',
    });
  });

  // ------------------------------------------------------------------ commands

  describe('the command table', () => {
    interface Sent {
      id: number;
      commandId: string;
    }
    const send = async (ttlSeconds = 3600): Promise<Sent> => {
      const made = await admin('POST', `/api/machines/${seller.id}/commands`, { type: 'REBOOT', ttlSeconds });
      expect(made.statusCode, made.body).toBe(201);
      return made.json();
    };
    const ack = (result: string) => (command: Sent) =>
      call('POST', '/gateway/v1/commands/ack', { commandId: command.commandId, result });
    const beat = async () => expect((await call('POST', '/gateway/v1/heartbeat', {})).statusCode).toBe(200);
    const sweep = () => ctx.t.app.scheduler.run('command-timeouts');
    const reach = async (...steps: ((command: Sent) => Promise<unknown>)[]) => {
      const command = await send();
      for (const step of steps) await step(command);
      return command;
    };
    const commandOf = async (command: Sent) =>
      (await admin('GET', `/api/machines/${seller.id}/commands?size=1000`))
        .json()
        .content.find((row: { id: number }) => row.id === command.id);
    walk({
      machine: COMMAND_STATE_MACHINE,
      reach: {
        QUEUED: () => reach(),
        SENT: () => reach(beat),
        DELIVERED: () => reach(beat, ack('DELIVERED')),
        SUCCEEDED: () => reach(beat, ack('SUCCEEDED')),
        FAILED: () => reach(beat, ack('FAILED')),
        TIMED_OUT: () =>
          reach(beat, ack('DELIVERED'), async () => {
            ctx.t.clock.advance(11 * 60_000);
            await sweep();
          }),
        EXPIRED: async () => {
          const command = await send(10);
          ctx.t.clock.advance(20_000);
          await sweep();
          return command;
        },
        CANCELLED: () => reach((command) => admin('PUT', `/api/commands/${command.id}/cancel`)),
      },
      act: {
        DELIVER: ack('DELIVERED'),
        SUCCEED: ack('SUCCEEDED'),
        FAIL: ack('FAILED'),
        CANCEL: (command) => admin('PUT', `/api/commands/${command.id}/cancel`),
      },
      elsewhere: {
        SEND: 'the heartbeat’s answer, modules/commands/commands.test.ts',
        TIME_OUT: 'the scheduled sweep, modules/commands/commands.test.ts',
        EXPIRE: 'the scheduled sweep, modules/commands/commands.test.ts',
      },
      stateOf: async (command) => (await commandOf(command)).state,
      snapshot: commandOf,
      // The machine repeating its result, or a receipt after its result, is answered as it stands.
      replays: (state: CommandState, event) =>
        (state === 'DELIVERED' && event === 'DELIVER') ||
        (state === 'SUCCEEDED' && (event === 'SUCCEED' || event === 'DELIVER')) ||
        (state === 'FAILED' && (event === 'FAIL' || event === 'DELIVER')),
    });
  });

  // ------------------------------------------------------------------ firmware

  describe('the firmware tables', () => {
    let modelId: number;
    let packageId: number;
    interface Rolled {
      id: number;
      machines: FirmwareMachine[];
    }
    beforeAll(async () => {
      modelId = (await machineModel(admin)).id;
      expect((await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.0.0')).statusCode).toBe(201);
      packageId = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.1.0')).json().id;
    });
    const start = async (count: number): Promise<Rolled> => {
      const machines = await allocatedMachines(admin, modelId, count);
      const made = await admin('POST', '/api/firmware/rollouts', { packageId, machineIds: machines.map((m) => m.id) });
      expect(made.statusCode, made.body).toBe(201);
      return { id: made.json().id, machines };
    };
    const updatesOf = async (rolloutId: number) =>
      (await admin('GET', `/api/firmware/rollouts/${rolloutId}/updates?size=100`)).json().content as {
        machineId: number;
        updateId: string;
        state: UpdateState;
      }[];
    /** A machine reports how its update went. */
    const report = (rolled: Rolled, machine: FirmwareMachine, stage: string) => async () => {
      const update = (await updatesOf(rolled.id)).find((row) => row.machineId === machine.id);
      return machineCaller(ctx.t, machine)('POST', '/gateway/v1/firmware/progress', {
        updateId: update?.updateId,
        stage,
      });
    };
    const act = (action: string) => (rolled: Rolled) => admin('PUT', `/api/firmware/rollouts/${rolled.id}/${action}`);
    const rolloutOf = async (rolled: Rolled) => (await admin('GET', `/api/firmware/rollouts/${rolled.id}`)).json();
    const finishAll = async (rolled: Rolled, failing = 0) => {
      for (const [index, machine] of rolled.machines.entries())
        await report(rolled, machine, index < failing ? 'FAILED' : 'SUCCEEDED')();
      return rolled;
    };

    describe('rollouts', () => {
      const running = () => start(1);
      walk({
        machine: ROLLOUT_STATE_MACHINE,
        reach: {
          RUNNING: running,
          PAUSED: async () => {
            const rolled = await running();
            await act('pause')(rolled);
            return rolled;
          },
          // One failure in twenty finished attempts is 5 %: the stop rule holds.
          HALTED: async () => finishAll(await start(20), 1),
          COMPLETED: async () => finishAll(await running()),
          // One machine updated before the rest were cancelled: there is something to roll back.
          CANCELLED: async () => {
            const rolled = await start(2);
            await report(rolled, rolled.machines[0] as FirmwareMachine, 'SUCCEEDED')();
            await act('cancel')(rolled);
            return rolled;
          },
          ROLLED_BACK: async () => {
            const rolled = await finishAll(await running());
            expect((await act('rollback')(rolled)).statusCode).toBe(200);
            return rolled;
          },
        },
        act: { PAUSE: act('pause'), RESUME: act('resume'), CANCEL: act('cancel'), ROLL_BACK: act('rollback') },
        elsewhere: {
          HALT: 'the stop rule, modules/firmware/rollout-acceptance.test.ts',
          COMPLETE: 'the last stage finishing, modules/firmware/firmware.test.ts',
        },
        stateOf: async (rolled) => (await rolloutOf(rolled)).state as RolloutState,
        snapshot: rolloutOf,
      });
    });

    describe('updates', () => {
      /** The update of the rollout's last machine, after `steps`. */
      const reach = async (
        count: number,
        ...steps: ((rolled: Rolled, machine: FirmwareMachine) => Promise<unknown>)[]
      ) => {
        const rolled = await start(count);
        const machine = rolled.machines.at(-1) as FirmwareMachine;
        for (const step of steps) await step(rolled, machine);
        return { rolled, machine };
      };
      const stage = (name: string) => (rolled: Rolled, machine: FirmwareMachine) => report(rolled, machine, name)();
      const updateOf = async ({ rolled, machine }: { rolled: Rolled; machine: FirmwareMachine }) =>
        (await updatesOf(rolled.id)).find((row) => row.machineId === machine.id);
      const by = (name: string) => (held: { rolled: Rolled; machine: FirmwareMachine }) =>
        report(held.rolled, held.machine, name)();
      walk({
        machine: UPDATE_STATE_MACHINE,
        reach: {
          // The 21st machine waits for the second stage.
          PENDING: () => reach(21),
          SENT: () => reach(1),
          DOWNLOADING: () => reach(1, stage('DOWNLOADING')),
          INSTALLING: () => reach(1, stage('INSTALLING')),
          SUCCEEDED: () => reach(1, stage('SUCCEEDED')),
          FAILED: () => reach(1, stage('FAILED')),
          TIMED_OUT: () =>
            reach(1, async () => {
              ctx.t.clock.advance(11 * 60_000);
              await ctx.t.app.scheduler.run('firmware-timeouts');
            }),
          CANCELLED: () => reach(1, (rolled) => act('cancel')(rolled)),
        },
        act: { DOWNLOAD: by('DOWNLOADING'), INSTALL: by('INSTALLING'), SUCCEED: by('SUCCEEDED'), FAIL: by('FAILED') },
        elsewhere: {
          SEND: 'its stage starting, modules/firmware/rollouts.test.ts',
          TIME_OUT: 'the scheduled sweep, modules/firmware/rollouts.test.ts',
          CANCEL: 'cancelling its rollout, modules/firmware/rollouts.test.ts',
        },
        stateOf: async (held) => (await updateOf(held))?.state as UpdateState,
        snapshot: updateOf,
        // A report repeated, or one behind the update's end that agrees with it, is answered as it stands.
        replays: (state, event) =>
          (state === 'INSTALLING' && event === 'DOWNLOAD') ||
          (state === 'SUCCEEDED' && ['DOWNLOAD', 'INSTALL', 'SUCCEED'].includes(event)) ||
          (state === 'FAILED' && ['DOWNLOAD', 'INSTALL', 'FAIL'].includes(event)) ||
          (state === 'TIMED_OUT' && ['DOWNLOAD', 'INSTALL'].includes(event)),
      });
    });
  });
});
