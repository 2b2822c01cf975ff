import { asFen } from '@water/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIPAY_APP_ID, alipayFixture } from '../../../test/payment-channels/alipay-fixture.ts';
import { alipayDriver } from './alipay.ts';
import { ChannelCallError } from './payment-driver.ts';

const payment = (orderNo: string, amountFen = 150) => ({
  orderNo,
  amountFen: asFen(amountFen),
  description: '纯净水 5L',
  notifyUrl: 'https://water.example.com/pay/alipay/notify',
  returnUrl: 'https://water.example.com/p/done',
  clientIp: '203.0.113.7',
});

describe('Alipay driver against a local Alipay gateway', () => {
  let setup: Awaited<ReturnType<typeof alipayFixture>>;
  /** Starts a payment and opens its cashier address, as the phone does. */
  async function opened(orderNo: string, amountFen = 150) {
    const start = await setup.driver.createPayment(payment(orderNo, amountFen));
    if (start.kind !== 'REDIRECT') throw new Error(`a redirect, not ${start.kind}`);
    const cashier = await fetch(start.url);
    expect(cashier.status).toBe(200);
    return start.url;
  }

  beforeAll(async () => {
    setup = await alipayFixture({ balanceFen: 1_000 });
  });
  afterAll(() => setup.fake.close());

  it('starts a wap payment as the address of the cashier, signed with the common parameters', async () => {
    const url = new URL(await opened('A0001'));
    expect(`${url.origin}${url.pathname}`).toBe(setup.fake.gatewayUrl);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: ALIPAY_APP_ID,
      method: 'alipay.trade.wap.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: 'https://water.example.com/pay/alipay/notify',
      return_url: 'https://water.example.com/p/done',
    });
    // China time: the wall clock of UTC+8, whatever the server's own time zone.
    const sent = new Date(`${params.timestamp?.replace(' ', 'T')}+08:00`).getTime();
    expect(Math.abs(sent - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: 'A0001',
      total_amount: '1.50',
      subject: '纯净水 5L',
      product_code: 'QUICK_WAP_WAY',
      quit_url: 'https://water.example.com/p/done',
    });
    expect(setup.fake.calls.at(-1)?.signatureValid).toBe(true);
    expect(setup.fake.trades.get('A0001')).toMatchObject({ totalAmount: '1.50', status: 'WAIT_BUYER_PAY' });
  });

  it("reads the channel's state of a payment", async () => {
    expect(await setup.driver.query('A0001')).toEqual({ state: 'NOT_PAID' });
    const trade = setup.fake.pay('A0001');
    expect(await setup.driver.query('A0001')).toEqual({
      state: 'PAID',
      channelTradeNo: trade.tradeNo,
      amountFen: 150,
      paidAt: new Date(`${trade.paidAt?.replace(' ', 'T')}+08:00`),
    });
    expect(setup.fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      params: { method: 'alipay.trade.query' },
      biz: { out_trade_no: 'A0001' },
      signatureValid: true,
    });
    expect(await setup.driver.query('A9999')).toEqual({ state: 'NOT_FOUND' });
  });

  it('refunds through alipay.trade.refund with the amount in yuan', async () => {
    const refund = {
      orderNo: 'A0001',
      refundNo: 'R0001',
      amountFen: asFen(50),
      totalFen: asFen(150),
      reason: 'SHORT_FILL',
    };
    const outcome = await setup.driver.refund(refund);
    expect(outcome).toEqual({ status: 'SUCCEEDED', channelRefundNo: setup.fake.trades.get('A0001')?.tradeNo });
    expect(setup.fake.calls.at(-1)).toMatchObject({
      params: { method: 'alipay.trade.refund' },
      biz: { out_trade_no: 'A0001', refund_amount: '0.50', out_request_no: 'R0001', refund_reason: 'SHORT_FILL' },
      signatureValid: true,
    });
    // The same refund number again is the same refund, not a second one.
    expect(await setup.driver.refund(refund)).toMatchObject({ status: 'SUCCEEDED' });
    expect(setup.fake.trades.get('A0001')?.refunds).toEqual(new Map([['R0001', '0.50']]));
  });

  it("gives the channel's refusals of a refund as outcomes with Alipay's sub_code", async () => {
    const refund = {
      orderNo: 'A9999',
      refundNo: 'R0002',
      amountFen: asFen(50),
      totalFen: asFen(150),
      reason: 'CUSTOMER',
    };
    expect(await setup.driver.refund(refund)).toEqual({
      status: 'REFUSED',
      code: 'ACQ.TRADE_NOT_EXIST',
      message: '交易不存在',
    });
    expect(await setup.driver.refund({ ...refund, orderNo: 'A0001', amountFen: asFen(101) })).toMatchObject({
      status: 'REFUSED',
      code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
    });
    await opened('A0002', 2_000);
    setup.fake.pay('A0002');
    // 950 fen left in the seller's balance after R0001.
    expect(await setup.driver.refund({ ...refund, orderNo: 'A0002', amountFen: asFen(951) })).toMatchObject({
      status: 'REFUSED',
      code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH',
    });
  });

  it('refuses an answer whose signature is not Alipay’s', async () => {
    setup.fake.signAnswersWith(setup.otherKeys.privateKey);
    try {
      const refused = await setup.driver.query('A0001').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ChannelCallError);
      expect(refused).toMatchObject({ failure: 'BAD_SIGNATURE' });
      const refund = { orderNo: 'A0001', refundNo: 'R0003', amountFen: asFen(10), totalFen: asFen(150), reason: 'x' };
      await expect(setup.driver.refund(refund)).rejects.toMatchObject({ failure: 'BAD_SIGNATURE' });
    } finally {
      setup.fake.signAnswersWith(setup.alipay.privateKey);
    }
  });

  it('gives a call Alipay refuses unsigned as a channel error with its code', async () => {
    const wrongKey = setup.otherKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const stranger = alipayDriver({ ...setup.config, appPrivateKeyPem: wrongKey });
    await expect(stranger.query('A0001')).rejects.toMatchObject({
      name: 'ChannelCallError',
      failure: 'CHANNEL_ERROR',
      channelCode: 'isv.invalid-signature',
    });
    expect(setup.fake.calls.at(-1)?.signatureValid).toBe(false);
  });

  it('refuses a paid state whose amount is not exact yuan', async () => {
    const trade = setup.fake.trades.get('A0002');
    if (trade) trade.totalAmount = '20.005';
    await expect(setup.driver.query('A0002')).rejects.toMatchObject({ failure: 'BAD_ANSWER' });
  });
});
