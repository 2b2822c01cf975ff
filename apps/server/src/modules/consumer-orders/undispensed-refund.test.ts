import { beforeAll, describe, expect, it } from 'vitest';
import { channelPaid, machineCaller, stickeredMachine } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import type { PaymentStarter } from '../payments/payment-starter.ts';

const NOTIFY_KEY = 'a-payment-notify-key-for-the-undispensed-tests-01234';
const starter: PaymentStarter = {
  channels: async () => ['WECHAT'],
  start: async (order) => ({ kind: 'REDIRECT', url: `https://pay.example/${order.orderNo}` }),
};

/**
 * A page order paid while its machine never takes the DISPENSE (switched off after the scan):
 * once the command could no longer start, the order is failed and its payment goes back.
 */
describe('a page order its machine never dispensed', () => {
  const ctx = useTestApp({ PAYMENT_NOTIFY_KEY: NOTIFY_KEY, PUBLIC_RATE_LIMIT: '10000' }, { paymentStarter: starter });
  const admin: Caller = (...args) => ctx.admin(...args);
  let code: string;

  const pub = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const notifyPaid = (orderNo: string, amount: number) => channelPaid(ctx.t, NOTIFY_KEY, orderNo, amount);

  beforeAll(async () => {
    const page = await stickeredMachine(admin, 'Undispensed', { channel: 60, card: 50, member: 40, discountPct: '0' });
    code = page.code;
    // Online once, then never heard from again.
    expect((await machineCaller(ctx.t, page.machine)('POST', '/gateway/v1/heartbeat', {})).statusCode).toBe(200);
  });

  it('is failed and refunded once its DISPENSE could no longer start, and left alone before', async () => {
    const made = await pub('POST', `/api/public/machines/${code}/orders`, {
      tap: 1,
      waterType: 'COLD',
      ml: 1500,
      channel: 'WECHAT',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { orderNo, accessToken } = made.json();
    expect((await notifyPaid(orderNo, 90)).statusCode).toBe(200);
    const state = async () =>
      (await pub('GET', `/api/public/orders/${orderNo}`, undefined, { 'x-order-token': accessToken })).json();

    // Nine minutes on, the command may still reach the machine: nothing changes.
    ctx.t.clock.advance(9 * 60_000);
    await ctx.t.app.scheduler.run('refund-undispensed-page-orders');
    expect(await state()).toMatchObject({ state: 'PAID', paid: 90 });

    // Twelve minutes on, it cannot start any more: failed, its payment on the way back.
    ctx.t.clock.advance(3 * 60_000);
    await ctx.t.app.scheduler.run('refund-undispensed-page-orders');
    expect(await state()).toMatchObject({ state: 'REFUNDING', dispensedMl: 0, refundReason: 'DISPENSE_FAILED' });
    const inConsole = (await admin('GET', `/api/orders/${orderNo}`)).json();
    expect(inConsole).toMatchObject({ state: 'REFUNDING', paid: 90 });

    // The sweep again changes nothing.
    await ctx.t.app.scheduler.run('refund-undispensed-page-orders');
    expect(await state()).toMatchObject({ state: 'REFUNDING' });
  });
});
