import { SANDBOX_HEADERS } from '@water/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf } from '../../../test/business-fixtures.ts';
import { JWT_SECRET } from '../../../test/test-app.ts';
import type { ChannelNotification } from './payment-driver.ts';
import { type PaymentsApp, paymentsApp } from './payments-test-fixtures.ts';
import { sandboxKey, sandboxSignedHeaders } from './sandbox-signing.ts';

const SANDBOX_BOTH = { WECHAT: { driver: 'SANDBOX' }, ALIPAY: { driver: 'SANDBOX' } };

describe('the sandbox channel', () => {
  let p: PaymentsApp;
  beforeAll(async () => {
    p = await paymentsApp();
  });
  afterAll(() => p?.t.close());

  /** A sale started through the sandbox: the page's address. */
  async function started(channel: 'WECHAT' | 'ALIPAY' = 'WECHAT') {
    const order = await p.sale(channel);
    const start = await p.start(order);
    expect(start).toMatchObject({ kind: 'REDIRECT', url: expect.stringMatching(/^\/pay\/sandbox\/[0-9a-f]{32}$/) });
    return { order, page: (start as { url: string }).url };
  }

  const act = (page: string, action: string) => p.t.app.inject({ method: 'POST', url: `${page}/${action}` });

  /** The sandbox's notification of a paid order, as it reached the server (kept by the test app). */
  const sentFor = (orderNo: string): ChannelNotification => {
    const found = p.received.find((entry) => entry.notification.rawBody.includes(`"orderNo":"${orderNo}"`));
    if (!found) throw new Error(`no notification for ${orderNo}`);
    return found.notification;
  };

  /** A notification of `body` signed as the sandbox signs, `ageSeconds` old, under `key`. */
  const signed = (body: object, { ageSeconds = 0, key = sandboxKey(JWT_SECRET) } = {}): ChannelNotification => {
    const rawBody = JSON.stringify(body);
    const at = new Date(p.t.clock.now().getTime() - ageSeconds * 1000);
    const id = (body as { id: string }).id;
    return { headers: sandboxSignedHeaders(key, id, rawBody, at), rawBody };
  };

  it('is off unless SEED_DEMO or a setting turns it on: a channel without a driver is unavailable, in both languages', async () => {
    const settings = await p.admin('GET', '/api/payments/channels');
    expect(settings.json()).toMatchObject({
      WECHAT: { driver: 'NONE' },
      ALIPAY: { driver: 'NONE' },
      sandboxByDemo: false,
    });
    expect(await p.t.app.payments.channels()).toEqual([]);
    const order = await p.sale('WECHAT');
    await expect(p.start(order)).rejects.toMatchObject({ statusCode: 409, code: 'CHANNEL_UNAVAILABLE' });
    const notified = await p.t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/wechat',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      payload: '{}',
    });
    expect(notified.statusCode).toBe(409);
    expect(notified.json()).toMatchObject({
      code: 'CHANNEL_UNAVAILABLE',
      message: expect.stringContaining('微信支付'),
    });
    await p.useDrivers(SANDBOX_BOTH);
    expect(await p.t.app.payments.channels()).toEqual(['WECHAT', 'ALIPAY']);
  });

  it('shows a phone page in Chinese, or English when asked, that says no money moves', async () => {
    const { order, page } = await started();
    const zh = await p.t.app.inject({ method: 'GET', url: page });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toMatch(/text\/html/);
    expect(zh.body).toContain('沙箱：不会产生真实扣款');
    expect(zh.body).toContain('¥1.00');
    expect(zh.body).toContain('纯净水 2 L');
    expect(zh.body).toContain('width=device-width');
    const en = await p.t.app.inject({ method: 'GET', url: `${page}?lang=en` });
    expect(en.body).toContain('Sandbox: no money moves');
    expect(en.body).toContain(order.orderNo);
    expect(
      (await p.t.app.inject({ method: 'GET', url: '/pay/sandbox/0123456789abcdef0123456789abcdef' })).statusCode,
    ).toBe(404);
  });

  it('pays the order once when the person pays: a signed notification over HTTP, then back to the shop', async () => {
    const { order, page } = await started();
    const paid = await act(page, 'pay');
    expect(paid.statusCode).toBe(302);
    expect(paid.headers.location).toBe(`/m/TESTCODE?order=${order.orderNo}`);
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'PAID', paid: 100, channel: 'WECHAT' });
    const notification = sentFor(order.orderNo);
    expect(notification.headers[SANDBOX_HEADERS.signature]).toBeTruthy();
    // The page again: paid, and paying again changes nothing.
    expect((await p.t.app.inject({ method: 'GET', url: page })).body).toContain('这笔支付已完成');
    expect((await act(page, 'pay')).headers.location).toBe(`${page}?lang=zh`);
    expect(await p.detail(order)).toEqual(detail);
  });

  it('refuses the same notification again as a replay, and nothing changes', async () => {
    const { order, page } = await started();
    await act(page, 'pay');
    const before = await p.detail(order);
    const again = await p.notify('wechat', sentFor(order.orderNo));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NONCE_REUSED' });
    expect(await p.detail(order)).toEqual(before);
  });

  it('refuses forged, tampered and stale notifications, changing nothing; a genuine one then pays', async () => {
    const { order } = await started();
    const fact = {
      id: 'n-forged-1',
      channel: 'WECHAT',
      type: 'PAID',
      orderNo: order.orderNo,
      tradeNo: 'SB-FORGED',
      amount: 100,
      at: p.t.clock.now().toISOString(),
    };
    const forged = signed(fact, { key: sandboxKey('another server’s secret that is long enough') });
    expect((await p.notify('wechat', forged)).json()).toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' });
    const genuine = signed({ ...fact, id: 'n-tampered-1' });
    const tampered = { headers: genuine.headers, rawBody: genuine.rawBody.replace('"amount":100', '"amount":1') };
    expect((await p.notify('wechat', tampered)).json()).toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' });
    const stale = signed({ ...fact, id: 'n-stale-1' }, { ageSeconds: 360 });
    expect((await p.notify('wechat', stale)).json()).toMatchObject({ status: 401, code: 'REQUEST_STALE' });
    // Signed, but for another amount than the payable: the orders module refuses it.
    const short = await p.notify('wechat', signed({ ...fact, id: 'n-short-1', amount: 1 }));
    expect(short.statusCode).toBe(400);
    // Signed for the other channel's driver: not this channel's.
    expect((await p.notify('alipay', signed({ ...fact, id: 'n-other-1' }))).statusCode).toBe(400);
    expect(await p.detail(order)).toMatchObject({ state: 'CREATED', paid: 0 });
    // The refused ones were not taken: the same id, now right, pays.
    const right = await p.notify('wechat', signed({ ...fact, id: 'n-short-1' }));
    expect(right.statusCode, right.body).toBe(200);
    expect(await p.detail(order)).toMatchObject({ state: 'PAID', paid: 100 });
  });

  it('sends a failed dispense’s refund back through the sandbox, which settles it by its notification', async () => {
    const { order, page } = await started('ALIPAY');
    await act(page, 'pay');
    const failed = await p.call('POST', `/gateway/v1/orders/${order.machineOrderNo}/dispense`, { result: 'FAILED' });
    expect(failed.statusCode, failed.body).toBe(200);
    await p.t.app.payments.idle();
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'REFUNDED', refunded: 100 });
    expect(detail.refunds).toMatchObject([
      { reason: 'DISPENSE_FAILED', status: 'SUCCESS', channelRef: expect.stringMatching(/^SBR/) },
    ]);
  });

  it('marks a refund the channel fails FAILED with the channel’s code, for finance', async () => {
    const { order, page } = await started();
    await act(page, 'pay-refunds-fail');
    await p.call('POST', `/gateway/v1/orders/${order.machineOrderNo}/dispense`, { result: 'FAILED' });
    await p.t.app.payments.idle();
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'REFUNDING', refunded: 0 });
    expect(detail.refunds).toMatchObject([{ status: 'FAILED', channelRef: 'SANDBOX_REFUND_FAILED' }]);
  });

  it('sends a staff refund once approved, with no reference to enter', async () => {
    const { order, page } = await started();
    await act(page, 'pay');
    await p.call('POST', `/gateway/v1/orders/${order.machineOrderNo}/dispense`, { result: 'COMPLETED' });
    const clerk = await staffOf(p.t, p.admin, p.agent.deptId, 'Agent manager');
    const asked = await clerk('POST', `/api/orders/${order.orderNo}/refunds`, {
      amount: 30,
      reason: 'CUSTOMER',
      note: 'Bad taste',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'PENDING' });
    const approved = await p.admin('PUT', `/api/refunds/${asked.json().id}/review`, { action: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    await p.t.app.payments.idle();
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'PARTIALLY_REFUNDED', refunded: 30 });
    expect(detail.refunds).toMatchObject([{ status: 'SUCCESS', reviewedBy: 'admin' }]);
  });

  it('closes no order and pays no other: a payment for an order closed meanwhile is recorded and goes back', async () => {
    const { order, page } = await started();
    p.t.clock.advance(6 * 60_000);
    await p.t.app.scheduler.run('close-unpaid-orders');
    p.t.clock.advance(-6 * 60_000);
    expect(await p.detail(order)).toMatchObject({ state: 'CLOSED' });
    await act(page, 'pay');
    await p.t.app.payments.idle();
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'CLOSED', paid: 100, refunded: 100 });
    expect(detail.refunds).toMatchObject([{ reason: 'ORDER_CLOSED', status: 'SUCCESS' }]);
  });
});
