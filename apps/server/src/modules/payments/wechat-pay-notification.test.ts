import { asFen } from '@water/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/payment-channels/notification-refusal.ts';
import { wechatPayFixture } from '../../../test/payment-channels/wechat-pay-fixture.ts';
import { type ChannelNotification, type NotificationRefusal, NotificationRefused } from './payment-driver.ts';
import { wechatPayV3Driver } from './wechat-pay-v3.ts';

describe('WeChat Pay notifications', () => {
  let setup: Awaited<ReturnType<typeof wechatPayFixture>>;
  beforeAll(async () => {
    setup = await wechatPayFixture();
    await setup.driver.createPayment({
      orderNo: 'N0001',
      amountFen: asFen(1250),
      description: '纯净水',
      notifyUrl: 'https://water.example.com/pay/wechat/notify',
      openid: 'o-payer',
      clientIp: '203.0.113.7',
    });
    setup.fake.pay('N0001');
  });
  afterAll(() => setup.fake.close());

  /** The reason a notification is refused, its answer one WeChat Pay takes as "not received". */
  function refusalReason(notification: ChannelNotification): NotificationRefusal {
    const { reason, answer } = refusalOf(setup.driver, notification);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(answer.body)).toEqual({ code: 'FAIL', message: reason });
    return reason;
  }

  /** The notification with one byte of its ciphertext changed. */
  function withChangedCiphertext(notification: ChannelNotification): string {
    const envelope = JSON.parse(notification.rawBody);
    const sealed = Buffer.from(envelope.resource.ciphertext, 'base64');
    sealed[5] = (sealed[5] as number) ^ 1;
    envelope.resource.ciphertext = sealed.toString('base64');
    return JSON.stringify(envelope);
  }

  it('takes a genuine payment notification as PAID, in fen, and answers as WeChat Pay expects', () => {
    const payment = setup.fake.payments.get('N0001');
    const notification = setup.fake.paymentNotification('N0001');
    const taken = setup.driver.takeNotification(notification);
    expect(taken.fact).toEqual({
      type: 'PAID',
      orderNo: 'N0001',
      channelTradeNo: payment?.transactionId,
      amountFen: 1250,
      paidAt: new Date(payment?.paidAt as string),
      payerId: 'o-payer',
    });
    // The envelope's own id: WeChat Pay sends a notification again with the same one.
    expect(taken.notificationId).toBe(JSON.parse(notification.rawBody).id);
    expect(taken.answer).toEqual({ status: 204, contentType: 'text/plain', body: '' });
  });

  it('refuses a forged notification, signed with another key', () => {
    expect(refusalReason(setup.fake.paymentNotification('N0001', { signWith: setup.otherKeys.privateKey }))).toBe(
      'BAD_SIGNATURE',
    );
  });

  it('refuses a notification whose ciphertext was changed, signed again or not', () => {
    const genuine = setup.fake.paymentNotification('N0001');
    const changed = withChangedCiphertext(genuine);
    expect(refusalReason({ headers: genuine.headers, rawBody: changed })).toBe('BAD_SIGNATURE');
    expect(refusalReason(setup.fake.signedNotification(changed))).toBe('BAD_CIPHERTEXT');
  });

  it('refuses a notification encrypted under another API v3 key', () => {
    const other = setup.fake.paymentNotification('N0001', { apiV3Key: 'ffeeddccbbaa99887766554433221100' });
    expect(refusalReason(other)).toBe('BAD_CIPHERTEXT');
  });

  it('refuses a notification replayed six minutes later', () => {
    expect(refusalReason(setup.fake.paymentNotification('N0001', { ageSeconds: 360 }))).toBe('STALE');
    expect(setup.driver.takeNotification(setup.fake.paymentNotification('N0001', { ageSeconds: 240 })).fact.type).toBe(
      'PAID',
    );
  });

  it('refuses a notification signed by a platform key it does not know', () => {
    const genuine = setup.fake.paymentNotification('N0001');
    expect(refusalReason({ ...genuine, headers: { ...genuine.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } })).toBe(
      'UNKNOWN_KEY',
    );
  });

  it('refuses a payment of another merchant or another app', () => {
    expect(refusalReason(setup.fake.paymentNotification('N0001', { content: { mchid: '1900000999' } }))).toBe(
      'OTHER_MERCHANT',
    );
    expect(refusalReason(setup.fake.paymentNotification('N0001', { content: { appid: 'wx0000000000000000' } }))).toBe(
      'OTHER_MERCHANT',
    );
  });

  it('refuses an amount that is not a whole number of fen', () => {
    for (const total of [12.5, -1, '1250', null]) {
      const notification = setup.fake.paymentNotification('N0001', { content: { amount: { total, currency: 'CNY' } } });
      expect(refusalReason(notification)).toBe('BAD_AMOUNT');
    }
  });

  it('refuses what is not a notification', () => {
    expect(refusalReason(setup.fake.signedNotification('not json'))).toBe('MALFORMED');
    expect(refusalReason({ headers: {}, rawBody: setup.fake.paymentNotification('N0001').rawBody })).toBe(
      'BAD_SIGNATURE',
    );
  });

  it('refuses every notification once its clock says they are stale', () => {
    const later = wechatPayV3Driver(setup.config, { now: () => new Date(Date.now() + 301_000) });
    expect(() => later.takeNotification(setup.fake.paymentNotification('N0001'))).toThrow(NotificationRefused);
  });
});
