import type { MachineCommand } from '@water/contract/commands';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  channelPaid,
  machineCaller,
  operatingMachine,
  stickeredMachine,
  toppedUpCard,
  unique,
} from '../../../test/business-fixtures.ts';
import { until } from '../../../test/mqtt-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { VirtualMachine } from '../../simulator/virtual-machine.ts';
import { signedHeaders } from '../gateway/gateway-signing.ts';
import type { PayableOrder, PaymentStarter } from '../payments/payment-starter.ts';

const NOTIFY_KEY = 'a-payment-notify-key-for-the-page-tests-0123456789';
const CHINESE = { 'accept-language': 'zh-CN' };

/** A channel driver standing in for WeChat Pay and Alipay: it sends the consumer to a page of its own. */
const started: PayableOrder[] = [];
const starter: PaymentStarter = {
  channels: async () => ['WECHAT', 'ALIPAY'],
  start: async (order, context) => {
    started.push(order);
    return {
      kind: 'REDIRECT',
      url: `https://pay.example/${order.orderNo}?back=${encodeURIComponent(context.returnUrl)}`,
    };
  },
};

/**
 * A consumer buying water on a machine's public page, through the real app: priced as the
 * machine's own sales, paid by the channel's signed notification or a water card, dispensed by a
 * virtual machine told to over its heartbeat, followed and stopped by the phone holding the order.
 */
describe('buying on a machine’s public page', () => {
  const ctx = useTestApp({ PAYMENT_NOTIFY_KEY: NOTIFY_KEY, PUBLIC_RATE_LIMIT: '10000' }, { paymentStarter: starter });
  const admin: Caller = (...args) => ctx.admin(...args);
  let agentId: number;
  let code: string;
  let machineId: number;
  let vm: VirtualMachine;

  const pub = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const order = (orderNo: string, token: string) =>
    pub('GET', `/api/public/orders/${orderNo}`, undefined, { 'x-order-token': token });
  /** The channel tells the server the consumer paid, signed as the channel signs. */
  const notifyPaid = (orderNo: string, amount: number) => channelPaid(ctx.t, NOTIFY_KEY, orderNo, amount);

  /** Heartbeats until the order's state is `state` (the machine takes its commands on each). */
  const untilState = async (orderNo: string, token: string, state: string) => {
    await until(async () => {
      await vm.heartbeat({ tdsOut: 8 });
      return (await order(orderNo, token)).json().state === state;
    }, 10_000);
    return (await order(orderNo, token)).json();
  };

  beforeAll(async () => {
    const baseUrl = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const page = await stickeredMachine(admin, 'Page', { channel: 60, card: 50, member: 40, discountPct: '10' });
    ({ agentId, code } = page);
    machineId = page.machine.id;
    vm = new VirtualMachine(baseUrl, page.machine, NOTIFY_KEY);
    vm.msPerLitre = 20;
    await vm.heartbeat({ tdsOut: 8 });
  });

  it('quotes what the order then costs: the policy’s price and discount', async () => {
    const body = { tap: 1, waterType: 'COLD', ml: 1500, channel: 'WECHAT' };
    const quote = await pub('POST', `/api/public/machines/${code.toLowerCase()}/quote`, body);
    expect(quote.statusCode, quote.body).toBe(200);
    // 60 fen a litre × 1.5 L = 90, 10 % off = 9.
    expect(quote.json()).toEqual({
      unitPrice: 60,
      requestedMl: 1500,
      listAmount: 90,
      discountAmount: 9,
      couponAmount: 0,
      payable: 81,
    });
    const made = await pub('POST', `/api/public/machines/${code}/orders`, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ payable: 81, payment: { kind: 'REDIRECT' } });
    expect(made.json().payment.url).toContain(encodeURIComponent(`/m/${code}?order=${made.json().orderNo}`));
    expect(started.at(-1)).toMatchObject({ orderNo: made.json().orderNo, channel: 'WECHAT', amountFen: 81 });
  });

  it('sells a full purchase: paid by the channel, dispensed on the machine’s DISPENSE, shown done with its amounts', async () => {
    const made = (
      await pub('POST', `/api/public/machines/${code}/orders`, {
        tap: 2,
        waterType: 'HOT',
        ml: 1500,
        channel: 'WECHAT',
      })
    ).json();
    const { orderNo, accessToken } = made;
    expect((await order(orderNo, accessToken)).json()).toMatchObject({ state: 'CREATED', paid: 0 });
    // Paid once, whatever the channel repeats.
    expect((await notifyPaid(orderNo, 81)).statusCode).toBe(200);
    expect((await order(orderNo, accessToken)).json().state).toBe('PAID');

    const answer = await machineCaller(ctx.t, vm.identity)('POST', '/gateway/v1/heartbeat', {});
    const dispense = (answer.json().commands as MachineCommand[]).find((command) => command.type === 'DISPENSE');
    expect(dispense?.params).toMatchObject({
      orderNo,
      tap: 2,
      waterType: 'HOT',
      requestedMl: 1500,
      untilStopped: false,
    });

    const done = await untilState(orderNo, accessToken, 'COMPLETED');
    expect(done).toMatchObject({
      orderNo,
      tap: 2,
      waterType: 'HOT',
      requestedMl: 1500,
      dispensedMl: 1500,
      fillUntilStop: false,
      unitPrice: 60,
      listAmount: 90,
      discountAmount: 9,
      couponAmount: 0,
      payable: 81,
      paid: 81,
      refunded: 0,
      refundReason: null,
    });
    expect(done.paidTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The console sees the same order with the same amounts, and the command the machine obeyed.
    const detail = (await admin('GET', `/api/orders/${orderNo}`)).json();
    expect(detail).toMatchObject({ state: 'COMPLETED', paid: 81, payable: 81, channel: 'WECHAT', agentId });
    const commands = (await admin('GET', `/api/machines/${machineId}/commands`)).json().content;
    expect(commands.find((command: { commandId: string }) => command.commandId === dispense?.commandId)).toMatchObject({
      type: 'DISPENSE',
      state: 'SUCCEEDED',
    });
  });

  it('fills until the consumer stops, settled by the volume dispensed, the rest refunded', async () => {
    vm.msPerLitre = 10_000;
    onTestFinished(() => {
      vm.msPerLitre = 20;
    });
    const made = await pub('POST', `/api/public/machines/${code}/orders`, {
      tap: 1,
      waterType: 'COLD',
      fillUntilStop: true,
      channel: 'ALIPAY',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { orderNo, accessToken, payable } = made.json();
    // Made for the machine's maximum fill: 10 L at 60 fen, 10 % off.
    expect(payable).toBe(540);
    const url = '/gateway/v1/channels/alipay/notify';
    const text = JSON.stringify({ orderNo, transactionId: unique('ali-'), amount: payable });
    const headers = signedHeaders({
      key: NOTIFY_KEY,
      method: 'POST',
      path: url,
      body: text,
      now: ctx.t.clock.now().getTime(),
    });
    expect((await ctx.t.app.inject({ method: 'POST', url, headers, payload: text })).statusCode).toBe(200);
    await untilState(orderNo, accessToken, 'DISPENSING');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const wrongToken = await pub('POST', `/api/public/orders/${orderNo}/stop`, undefined, { 'x-order-token': 'x' });
    expect(wrongToken.statusCode).toBe(404);
    const stopped = await pub('POST', `/api/public/orders/${orderNo}/stop`, undefined, {
      'x-order-token': accessToken,
    });
    expect(stopped.statusCode, stopped.body).toBe(204);
    // Settled by what came out: the rest goes back through the channel (finance confirms channel refunds).
    const done = await untilState(orderNo, accessToken, 'COMPLETED');
    expect(done.dispensedMl).toBeGreaterThan(0);
    expect(done.dispensedMl).toBeLessThan(10_000);
    expect(done).toMatchObject({ fillUntilStop: true, paid: 540, refundReason: 'SHORT_FILL' });
    const [refund] = (await admin('GET', `/api/refunds?blurry=${orderNo}`)).json().content;
    const kept = Math.round((540 * done.dispensedMl) / 10_000);
    expect(refund).toMatchObject({ reason: 'SHORT_FILL', status: 'PENDING', channel: 'ALIPAY' });
    expect(Math.abs(refund.amount - (540 - kept))).toBeLessThanOrEqual(1);
    // Stopped once: stopping again is refused, the order being done.
    const again = await pub('POST', `/api/public/orders/${orderNo}/stop`, undefined, { 'x-order-token': accessToken });
    expect(again.statusCode).toBe(409);
  });

  it('refunds an order the machine could not dispense', async () => {
    const { orderNo, accessToken } = (
      await pub('POST', `/api/public/machines/${code}/orders`, {
        tap: 1,
        waterType: 'COLD',
        ml: 1000,
        channel: 'WECHAT',
      })
    ).json();
    vm.dispenseFailure = 'the valve is stuck';
    try {
      await notifyPaid(orderNo, 54);
      const failed = await untilState(orderNo, accessToken, 'REFUNDING');
      expect(failed).toMatchObject({ paid: 54, dispensedMl: 0, refundReason: 'DISPENSE_FAILED' });
    } finally {
      vm.dispenseFailure = undefined;
    }
  });

  it('takes a water card at once, debiting it, and refuses a card that cannot pay, in the consumer’s language', async () => {
    const card = await toppedUpCard(admin, agentId, 1000);
    const made = await pub('POST', `/api/public/machines/${code}/orders`, {
      tap: 1,
      waterType: 'COLD',
      ml: 2000,
      channel: 'CARD',
      card: { cardNo: card.cardNo, cardSecret: card.cardSecret },
    });
    expect(made.statusCode, made.body).toBe(201);
    // 50 fen a litre on cards × 2 L = 100, 10 % off.
    expect(made.json()).toMatchObject({ payable: 90, payment: null });
    const cardRow = (await admin('GET', `/api/cards/${card.id}`)).json();
    expect(cardRow.principal + cardRow.bonus).toBe(910);
    await untilState(made.json().orderNo, made.json().accessToken, 'COMPLETED');

    const wrong = await pub(
      'POST',
      `/api/public/machines/${code}/orders`,
      { tap: 1, waterType: 'COLD', ml: 2000, channel: 'CARD', card: { cardNo: card.cardNo, cardSecret: 'WRONG1' } },
      CHINESE,
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'CARD_REFUSED',
      message: '该水卡不能支付，请核对卡号和卡密，或联系运营方',
    });
    const missing = await pub('POST', `/api/public/machines/${code}/orders`, {
      tap: 1,
      waterType: 'COLD',
      ml: 500,
      channel: 'CARD',
    });
    expect(missing.json().errors[0]).toMatchObject({ field: 'card', code: 'required' });
  });

  it('answers an order only to the phone holding its token, as if it did not exist otherwise', async () => {
    const { orderNo, accessToken } = (
      await pub('POST', `/api/public/machines/${code}/orders`, {
        tap: 1,
        waterType: 'COLD',
        ml: 500,
        channel: 'WECHAT',
      })
    ).json();
    expect((await order(orderNo, accessToken)).statusCode).toBe(200);
    const other = (
      await pub('POST', `/api/public/machines/${code}/orders`, {
        tap: 1,
        waterType: 'COLD',
        ml: 500,
        channel: 'WECHAT',
      })
    ).json();
    for (const token of [undefined, 'nope', other.accessToken]) {
      const answer = await pub(
        'GET',
        `/api/public/orders/${orderNo}`,
        undefined,
        token ? { 'x-order-token': token } : {},
      );
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such order' });
    }
    const unknown = await order('209901010000000001', accessToken);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses what the machine cannot sell: another tap, water it lacks, too much, a channel without a driver', async () => {
    const refused = async (body: object, field: string) => {
      const answer = await pub('POST', `/api/public/machines/${code}/quote`, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    };
    await refused({ tap: 3, waterType: 'COLD', ml: 500, channel: 'WECHAT' }, 'tap');
    await refused({ tap: 1, waterType: 'WARM', ml: 500, channel: 'WECHAT' }, 'waterType');
    await refused({ tap: 1, waterType: 'COLD', ml: 20_000, channel: 'WECHAT' }, 'ml');
    await refused({ tap: 1, waterType: 'COLD', ml: 50, channel: 'WECHAT' }, 'ml');
    await refused({ tap: 1, waterType: 'COLD', channel: 'WECHAT' }, 'ml');
    await refused({ tap: 1, waterType: 'COLD', ml: 500, channel: 'COIN' }, 'channel');
    await refused({ tap: 1, waterType: 'COLD', ml: 500, channel: 'WECHAT', couponId: 1 }, 'couponId');
    expect(
      (
        await pub('POST', '/api/public/machines/NOSUCHCODE/quote', {
          tap: 1,
          waterType: 'COLD',
          ml: 500,
          channel: 'WECHAT',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses orders while the machine is not selling: in maintenance, offline', async () => {
    const body = { tap: 1, waterType: 'COLD', ml: 500, channel: 'WECHAT' };
    const locked = await admin('POST', `/api/machines/${machineId}/commands`, { type: 'LOCK' });
    expect(locked.statusCode, locked.body).toBe(201);
    const inMaintenance = await pub('POST', `/api/public/machines/${code}/orders`, body, CHINESE);
    expect(inMaintenance.statusCode).toBe(409);
    expect(inMaintenance.json()).toMatchObject({
      code: 'MACHINE_NOT_SELLING',
      message: '该设备暂停售水（设备维护中），请使用其他设备',
    });
    expect((await admin('POST', `/api/machines/${machineId}/commands`, { type: 'UNLOCK' })).statusCode).toBe(201);
    expect((await pub('POST', `/api/public/machines/${code}/quote`, body)).statusCode).toBe(200);
    // A machine that never came online sells nothing either.
    const machine = (await admin('GET', `/api/machines/${machineId}`)).json();
    const silent = await operatingMachine(admin, { modelId: machine.modelId, agentId, siteId: machine.siteId });
    const silentCode = (await admin('GET', `/api/machines/${silent.id}`)).json().stickerCode;
    const offline = await pub('POST', `/api/public/machines/${silentCode}/orders`, body);
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toMatchObject({
      code: 'MACHINE_NOT_SELLING',
      message: 'This machine is not selling now (it is offline): please use another machine',
    });
  });
});
