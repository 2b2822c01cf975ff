import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayFixture } from '../../../test/payment-channels/alipay-fixture.ts';
import { wechatPayFixture } from '../../../test/payment-channels/wechat-pay-fixture.ts';
import { callerFor, DEFAULT_USER_PASSWORD, tokenOf } from '../../../test/test-app.ts';
import { type PaymentsApp, paymentsApp } from './payments-test-fixtures.ts';

describe('WeChat Pay and Alipay notifications through the real endpoint', () => {
  let p: PaymentsApp;
  let wechat: Awaited<ReturnType<typeof wechatPayFixture>>;
  let alipay: Awaited<ReturnType<typeof alipayFixture>>;
  beforeAll(async () => {
    p = await paymentsApp();
    wechat = await wechatPayFixture();
    alipay = await alipayFixture();
    const { mchId, appId, merchantSerialNo, platformKeyId, apiV3Key, merchantPrivateKeyPem, platformPublicKeyPem } =
      wechat.config;
    await p.useDrivers({
      WECHAT: {
        driver: 'WECHAT_PAY_V3',
        wechatPay: {
          mchId,
          appId,
          merchantSerialNo,
          platformKeyId,
          apiV3Key,
          merchantPrivateKeyPem,
          platformPublicKeyPem,
          baseUrl: wechat.fake.baseUrl,
        },
      },
      ALIPAY: { driver: 'ALIPAY', alipay: { ...alipay.config } },
    });
  });
  afterAll(async () => {
    await wechat?.fake.close();
    await alipay?.fake.close();
    await p?.t.close();
  });

  it('answers the settings without a secret, and keeps the stored keys when a save leaves them empty', async () => {
    const answer = await p.admin('GET', '/api/payments/channels');
    expect(answer.json()).toMatchObject({
      WECHAT: {
        driver: 'WECHAT_PAY_V3',
        wechatPay: {
          mchId: wechat.config.mchId,
          secretsSet: { merchantPrivateKeyPem: true, apiV3Key: true, platformPublicKeyPem: true },
        },
      },
      ALIPAY: { driver: 'ALIPAY', alipay: { secretsSet: { appPrivateKeyPem: true, alipayPublicKeyPem: true } } },
    });
    const secrets = [
      wechat.config.apiV3Key,
      wechat.config.merchantPrivateKeyPem.split('\n')[1],
      alipay.config.appPrivateKeyPem.split('\n')[1],
    ] as string[];
    for (const body of p.t.bodies) for (const secret of secrets) expect(body).not.toContain(secret);
    const settings = answer.json();
    await p.useDrivers({
      WECHAT: {
        driver: 'WECHAT_PAY_V3',
        wechatPay: { ...settings.WECHAT.wechatPay, secretsSet: undefined, apiV3Key: '' },
      },
      ALIPAY: {
        driver: 'ALIPAY',
        alipay: { appId: settings.ALIPAY.alipay.appId, gatewayUrl: alipay.config.gatewayUrl },
      },
    });
    // Still working with the kept keys: the next tests pay through them.
  });

  it('refuses keys a driver cannot use, naming the field, and stores nothing', async () => {
    const { mchId, appId, merchantSerialNo, platformKeyId } = wechat.config;
    const refused = await p.admin('PUT', '/api/payments/channels', {
      WECHAT: {
        driver: 'WECHAT_PAY_V3',
        wechatPay: { mchId, appId, merchantSerialNo, platformKeyId, merchantPrivateKeyPem: 'not a key' },
      },
      ALIPAY: { driver: 'NONE' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject([{ field: 'WECHAT.wechatPay.merchantPrivateKeyPem' }]);
    const empty = await p.admin('PUT', '/api/payments/channels', {
      WECHAT: { driver: 'NONE' },
      ALIPAY: { driver: 'ALIPAY', alipay: { appId: '' } },
    });
    expect(empty.json().errors).toMatchObject([{ field: 'ALIPAY.alipay.appId', code: 'required' }]);
    expect((await p.admin('GET', '/api/payments/channels')).json()).toMatchObject({
      WECHAT: { driver: 'WECHAT_PAY_V3' },
      ALIPAY: { driver: 'ALIPAY' },
    });
  });

  it('lets nobody without the settings permission read or change the channels', async () => {
    const user = callerFor(p.t, await tokenOf(p.t, 'test', DEFAULT_USER_PASSWORD));
    expect((await user('GET', '/api/payments/channels')).statusCode).toBe(403);
    expect(
      (await user('PUT', '/api/payments/channels', { WECHAT: { driver: 'NONE' }, ALIPAY: { driver: 'NONE' } }))
        .statusCode,
    ).toBe(403);
    expect((await p.t.app.inject({ method: 'GET', url: '/api/payments/channels' })).statusCode).toBe(401);
  });

  it('pays an order by a genuine WeChat Pay notification, once; its payer becomes the order’s member', async () => {
    const order = await p.sale('WECHAT');
    const start = await p.start(order, 'o-payer');
    expect(start).toMatchObject({ kind: 'WECHAT_BRIDGE', params: { appId: wechat.config.appId, signType: 'RSA' } });
    wechat.fake.pay(order.orderNo);
    // Tampered: signed again by the platform but for another amount; refused by the payable, nothing changes.
    const tampered = await p.notify(
      'wechat',
      wechat.fake.paymentNotification(order.orderNo, { content: { amount: { total: 1 } } }),
    );
    expect(tampered.statusCode).toBe(400);
    const forged = wechat.fake.paymentNotification(order.orderNo, { signWith: wechat.otherKeys.privateKey });
    expect((await p.notify('wechat', forged)).statusCode).toBe(401);
    const stale = wechat.fake.paymentNotification(order.orderNo, { ageSeconds: 360 });
    expect((await p.notify('wechat', stale)).json()).toEqual({ code: 'FAIL', message: 'STALE' });
    expect(await p.detail(order)).toMatchObject({ state: 'CREATED', paid: 0 });
    expect(await p.memberIdOf(order)).toBeNull();

    const genuine = wechat.fake.paymentNotification(order.orderNo);
    const taken = await p.notify('wechat', genuine);
    expect(taken.statusCode, taken.body).toBe(204);
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'PAID', paid: 100 });
    expect(await p.memberIdOf(order)).toEqual(expect.any(Number));
    const replay = await p.notify('wechat', genuine);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: 'NONCE_REUSED' });
    // Another transaction for the paid order: refused.
    const other = wechat.fake.paymentNotification(order.orderNo, {
      content: { transaction_id: '4200000000000000000000000999' },
    });
    expect((await p.notify('wechat', other)).json()).toMatchObject({ code: 'STATE_CONFLICT' });
    expect(await p.detail(order)).toEqual(detail);
  });

  it('refunds a short fill through WeChat Pay: the signed refund request, then its notification settles it', async () => {
    const order = await p.sale('WECHAT');
    await p.start(order);
    wechat.fake.pay(order.orderNo);
    expect((await p.notify('wechat', wechat.fake.paymentNotification(order.orderNo))).statusCode).toBe(204);
    await p.call('POST', `/gateway/v1/orders/${order.machineOrderNo}/dispense`, {
      result: 'COMPLETED',
      dispensedMl: 1000,
    });
    await p.t.app.payments.idle();
    const [refund] = (await p.detail(order)).refunds;
    expect(refund).toMatchObject({ reason: 'SHORT_FILL', amount: 50, status: 'SENT' });
    const sent = wechat.fake.requests.filter((request) => request.url === '/v3/refund/domestic/refunds');
    expect(sent.at(-1)).toMatchObject({
      signatureValid: true,
      json: { out_trade_no: order.orderNo, out_refund_no: refund.refundNo, amount: { refund: 50, total: 100 } },
    });
    wechat.fake.settleRefund(refund.refundNo);
    const settled = await p.notify('wechat', wechat.fake.refundNotification(refund.refundNo));
    expect(settled.statusCode, settled.body).toBe(204);
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'PARTIALLY_REFUNDED', refunded: 50 });
    expect(detail.refunds).toMatchObject([
      { status: 'SUCCESS', channelRef: wechat.fake.refunds.get(refund.refundNo)?.refundId },
    ]);
  });

  it('asks WeChat Pay again about a refund under way when no notification came, and settles it', async () => {
    const order = await p.sale('WECHAT');
    await p.start(order);
    wechat.fake.pay(order.orderNo);
    expect((await p.notify('wechat', wechat.fake.paymentNotification(order.orderNo))).statusCode).toBe(204);
    await p.call('POST', `/gateway/v1/orders/${order.machineOrderNo}/dispense`, { result: 'FAILED' });
    await p.t.app.payments.idle();
    const [refund] = (await p.detail(order)).refunds;
    expect(refund).toMatchObject({ status: 'SENT', amount: 100 });
    wechat.fake.settleRefund(refund.refundNo);
    // Not asked again before a minute has passed.
    await p.t.app.scheduler.run('send-channel-refunds');
    expect((await p.detail(order)).refunds).toMatchObject([{ status: 'SENT' }]);
    p.t.clock.advance(2 * 60_000);
    try {
      await p.t.app.scheduler.run('send-channel-refunds');
    } finally {
      p.t.clock.advance(-2 * 60_000);
    }
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'REFUNDED', refunded: 100 });
    const asked = wechat.fake.requests.filter((request) => request.json?.out_refund_no === refund.refundNo);
    expect(asked.length).toBe(2);
    expect(asked.every((request) => request.signatureValid)).toBe(true);
  });

  it('pays an order by a genuine Alipay notification, once, and refunds a failed dispense at once', async () => {
    const order = await p.sale('ALIPAY');
    const start = await p.start(order);
    expect(start).toMatchObject({ kind: 'REDIRECT', url: expect.stringContaining(alipay.config.gatewayUrl) });
    await fetch((start as { url: string }).url);
    alipay.fake.pay(order.orderNo);
    const tampered = alipay.fake.notification(order.orderNo, { change: { total_amount: '0.01' } });
    expect((await p.notify('alipay', tampered)).body).toBe('fail');
    const genuine = alipay.fake.notification(order.orderNo);
    const taken = await p.notify('alipay', genuine);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.body).toBe('success');
    expect(await p.detail(order)).toMatchObject({ state: 'PAID', paid: 100 });
    expect((await p.notify('alipay', genuine)).json()).toMatchObject({ code: 'NONCE_REUSED' });

    await p.call('POST', `/gateway/v1/orders/${order.machineOrderNo}/dispense`, { result: 'FAILED' });
    await p.t.app.payments.idle();
    const detail = await p.detail(order);
    expect(detail).toMatchObject({ state: 'REFUNDED', refunded: 100 });
    const call = alipay.fake.calls.find((c) => c.params.method === 'alipay.trade.refund');
    expect(call).toMatchObject({ signatureValid: true, biz: { out_trade_no: order.orderNo, refund_amount: '1.00' } });
  });

  it('takes a new driver at once: a channel switched off is unavailable', async () => {
    await p.useDrivers({ WECHAT: { driver: 'NONE' }, ALIPAY: { driver: 'SANDBOX' } });
    expect(await p.t.app.payments.channels()).toEqual(['ALIPAY']);
    await expect(p.start(await p.sale('WECHAT'))).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
  });
});
