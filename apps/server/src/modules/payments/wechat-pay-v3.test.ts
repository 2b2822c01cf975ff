import { createVerify } from 'node:crypto';
import { asFen } from '@water/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WECHAT_MERCHANT, wechatPayFixture } from '../../../test/payment-channels/wechat-pay-fixture.ts';
import { ChannelCallError } from './payment-driver.ts';
import { wechatPayV3Driver } from './wechat-pay-v3.ts';

const payment = (orderNo: string, extra: { openid?: string; returnUrl?: string } = {}) => ({
  orderNo,
  amountFen: asFen(150),
  description: '纯净水 5L',
  notifyUrl: 'https://water.example.com/pay/wechat/notify',
  clientIp: '203.0.113.7',
  ...extra,
});

describe('WeChat Pay v3 driver against a local WeChat Pay', () => {
  let setup: Awaited<ReturnType<typeof wechatPayFixture>>;
  beforeAll(async () => {
    setup = await wechatPayFixture({ balanceFen: 1_000 });
  });
  afterAll(() => setup.fake.close());

  it('starts a JSAPI payment with the bridge parameters signed by the merchant', async () => {
    const start = await setup.driver.createPayment(payment('W0001', { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }));
    const sent = setup.fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/jsapi', signatureValid: true });
    expect(sent?.json).toMatchObject({
      appid: WECHAT_MERCHANT.appId,
      mchid: WECHAT_MERCHANT.mchId,
      out_trade_no: 'W0001',
      amount: { total: 150, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    if (start.kind !== 'WECHAT_BRIDGE') throw new Error(`a bridge start, not ${start.kind}`);
    const { params } = start;
    expect(params).toMatchObject({ appId: WECHAT_MERCHANT.appId, signType: 'RSA' });
    expect(params.package).toBe(`prepay_id=${setup.fake.payments.get('W0001')?.prepayId}`);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(setup.merchant.publicKey, params.paySign, 'base64')).toBe(
      true,
    );
  });

  it('starts an H5 payment outside WeChat as the cashier address, coming back to our page', async () => {
    const start = await setup.driver.createPayment(
      payment('W0002', { returnUrl: 'https://water.example.com/p/W0002?x=1' }),
    );
    expect(setup.fake.requests.at(-1)).toMatchObject({ url: '/v3/pay/transactions/h5', signatureValid: true });
    expect(setup.fake.requests.at(-1)?.json).toMatchObject({
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    expect(start).toEqual({
      kind: 'REDIRECT',
      url: expect.stringMatching(
        /^https:\/\/wx\.tenpay\.com\/.*&redirect_url=https%3A%2F%2Fwater\.example\.com%2Fp%2FW0002%3Fx%3D1$/,
      ),
    });
  });

  it("reads the channel's state of a payment", async () => {
    expect(await setup.driver.query('W0002')).toEqual({ state: 'NOT_PAID' });
    const paid = setup.fake.pay('W0002');
    expect(await setup.driver.query('W0002')).toEqual({
      state: 'PAID',
      channelTradeNo: paid.transactionId,
      amountFen: 150,
      paidAt: new Date(paid.paidAt as string),
    });
    expect(setup.fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      url: `/v3/pay/transactions/out-trade-no/W0002?mchid=${WECHAT_MERCHANT.mchId}`,
      signatureValid: true,
    });
    expect(await setup.driver.query('W9999')).toEqual({ state: 'NOT_FOUND' });
  });

  it('refunds through the documented endpoint, and takes the refund notification', async () => {
    const refund = {
      orderNo: 'W0002',
      refundNo: 'R0001',
      amountFen: asFen(50),
      totalFen: asFen(150),
      reason: 'SHORT_FILL',
    };
    const outcome = await setup.driver.refund(refund);
    const taken = setup.fake.refunds.get('R0001');
    expect(outcome).toEqual({ status: 'ACCEPTED', channelRefundNo: taken?.refundId });
    expect(setup.fake.requests.at(-1)).toMatchObject({ url: '/v3/refund/domestic/refunds', signatureValid: true });
    expect(setup.fake.requests.at(-1)?.json).toMatchObject({
      out_trade_no: 'W0002',
      out_refund_no: 'R0001',
      amount: { refund: 50, total: 150, currency: 'CNY' },
    });
    expect(await setup.driver.query('W0002')).toMatchObject({ state: 'REFUNDED', amountFen: 150 });
    setup.fake.settleRefund('R0001');
    expect(setup.driver.takeNotification(setup.fake.refundNotification('R0001')).fact).toMatchObject({
      type: 'REFUND',
      orderNo: 'W0002',
      refundNo: 'R0001',
      channelRefundNo: taken?.refundId,
      outcome: 'SUCCEEDED',
      amountFen: 50,
    });
  });

  it("gives the channel's refusals of a refund as outcomes with the channel's code", async () => {
    await setup.driver.createPayment({ ...payment('W0003', { openid: 'o-1' }), amountFen: asFen(2000) });
    setup.fake.pay('W0003');
    const refund = {
      orderNo: 'W0003',
      refundNo: 'R0002',
      amountFen: asFen(900),
      totalFen: asFen(2000),
      reason: 'CUSTOMER',
    };
    // 950 fen are left in the merchant's balance after R0001, 850 after this one: 900 is more than it holds.
    expect(await setup.driver.refund({ ...refund, refundNo: 'R0003', amountFen: asFen(100) })).toMatchObject({
      status: 'ACCEPTED',
    });
    expect(await setup.driver.refund(refund)).toEqual({
      status: 'REFUSED',
      code: 'NOT_ENOUGH',
      message: expect.any(String),
    });
    expect(await setup.driver.refund({ ...refund, orderNo: 'W9999' })).toMatchObject({
      status: 'REFUSED',
      code: 'RESOURCE_NOT_EXISTS',
    });
    expect(await setup.driver.refund({ ...refund, refundNo: 'R0004', amountFen: asFen(1901) })).toMatchObject({
      status: 'REFUSED',
      code: 'INVALID_REQUEST',
    });
    expect(setup.fake.refunds.has('R0002')).toBe(false);
  });

  it("gives WeChat Pay's signed error answers as channel errors with its code", async () => {
    const again = await setup.driver
      .createPayment(payment('W0002', { openid: 'o-1' }))
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ChannelCallError);
    expect(again).toMatchObject({ failure: 'CHANNEL_ERROR', channelCode: 'ORDERPAID', httpStatus: 400 });
  });

  it('refuses an answer whose signature is not the platform key', async () => {
    setup.fake.signAnswersWith(setup.otherKeys.privateKey);
    try {
      const refused = await setup.driver.query('W0002').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ChannelCallError);
      expect(refused).toMatchObject({ failure: 'BAD_SIGNATURE', httpStatus: 200 });
    } finally {
      setup.fake.signAnswersWith(setup.platform.privateKey);
    }
  });

  it('gives a request WeChat refuses as unsigned as a channel error with its code', async () => {
    const wrongKey = setup.otherKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const stranger = wechatPayV3Driver({ ...setup.config, merchantPrivateKeyPem: wrongKey });
    const refused = await stranger.query('W0002').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      name: 'ChannelCallError',
      failure: 'CHANNEL_ERROR',
      channelCode: 'SIGN_ERROR',
      httpStatus: 401,
    });
    expect(setup.fake.requests.at(-1)?.signatureValid).toBe(false);
  });

  it('refuses to send an amount that is not a positive whole number of fen', async () => {
    await expect(setup.driver.createPayment({ ...payment('W0005'), amountFen: asFen(1.5) })).rejects.toThrow(
      RangeError,
    );
    expect(setup.fake.payments.has('W0005')).toBe(false);
  });
});
