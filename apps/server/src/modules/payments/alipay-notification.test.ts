import { asFen } from '@water/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayFixture } from '../../../test/payment-channels/alipay-fixture.ts';
import { refusalOf } from '../../../test/payment-channels/notification-refusal.ts';
import type { ChannelNotification, NotificationRefusal } from './payment-driver.ts';

describe('Alipay notifications', () => {
  let setup: Awaited<ReturnType<typeof alipayFixture>>;
  beforeAll(async () => {
    setup = await alipayFixture();
    const start = await setup.driver.createPayment({
      orderNo: 'N0001',
      amountFen: asFen(1250),
      description: '纯净水',
      notifyUrl: 'https://water.example.com/pay/alipay/notify',
      clientIp: '203.0.113.7',
    });
    if (start.kind === 'REDIRECT') await fetch(start.url);
    setup.fake.pay('N0001');
  });
  afterAll(() => setup.fake.close());

  /** The reason a notification is refused; anything but `success` makes Alipay send it again later. */
  function refusalReason(notification: ChannelNotification): NotificationRefusal {
    const { reason, answer } = refusalOf(setup.driver, notification);
    expect(answer.body).toBe('fail');
    return reason;
  }

  it('takes a genuine notification as PAID, in fen, and answers `success`', () => {
    const trade = setup.fake.trades.get('N0001');
    const notification = setup.fake.notification('N0001');
    const taken = setup.driver.takeNotification(notification);
    expect(taken.notificationId).toBe(new URLSearchParams(notification.rawBody).get('notify_id'));
    expect(taken.fact).toEqual({
      type: 'PAID',
      orderNo: 'N0001',
      channelTradeNo: trade?.tradeNo,
      amountFen: 1250,
      paidAt: new Date(`${trade?.paidAt?.replace(' ', 'T')}+08:00`),
    });
    expect(taken.answer).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    const finished = setup.fake.notification('N0001', { params: { trade_status: 'TRADE_FINISHED' } });
    expect(setup.driver.takeNotification(finished).fact).toMatchObject({ type: 'PAID', amountFen: 1250 });
  });

  it('refuses a forged notification, signed with another key', () => {
    expect(refusalReason(setup.fake.notification('N0001', { signWith: setup.otherKeys.privateKey }))).toBe(
      'BAD_SIGNATURE',
    );
  });

  it('refuses a notification whose amount or state was changed after signing', () => {
    expect(refusalReason(setup.fake.notification('N0001', { change: { total_amount: '1250.00' } }))).toBe(
      'BAD_SIGNATURE',
    );
    expect(refusalReason(setup.fake.notification('N0001', { change: { out_trade_no: 'N0002' } }))).toBe(
      'BAD_SIGNATURE',
    );
    expect(refusalReason(setup.fake.notification('N0001', { change: { sign_type: 'RSA' } }))).toBe('BAD_SIGNATURE');
    const unsigned = new URLSearchParams(setup.fake.notification('N0001').rawBody);
    unsigned.delete('sign');
    expect(refusalReason({ headers: {}, rawBody: unsigned.toString() })).toBe('BAD_SIGNATURE');
  });

  it('refuses a notification for another app', () => {
    expect(refusalReason(setup.fake.notification('N0001', { params: { app_id: '2021009999999999' } }))).toBe(
      'OTHER_MERCHANT',
    );
  });

  it('refuses an amount that is not exact yuan, even signed', () => {
    for (const amount of ['12.505', '-12.50', '1.2e1', '12,50', ''])
      expect(refusalReason(setup.fake.notification('N0001', { params: { total_amount: amount } }))).toBe('BAD_AMOUNT');
  });

  it('takes a refund on the trade as a REFUND with the total refunded', async () => {
    await setup.driver.refund({
      orderNo: 'N0001',
      refundNo: 'R0001',
      amountFen: asFen(250),
      totalFen: asFen(1250),
      reason: 'x',
    });
    const fact = setup.driver.takeNotification(setup.fake.notification('N0001')).fact;
    expect(fact).toMatchObject({
      type: 'REFUND',
      orderNo: 'N0001',
      refundNo: 'R0001',
      outcome: 'SUCCEEDED',
      refundedTotalFen: 250,
    });
    await setup.driver.refund({
      orderNo: 'N0001',
      refundNo: 'R0002',
      amountFen: asFen(1000),
      totalFen: asFen(1250),
      reason: 'x',
    });
    expect(setup.driver.takeNotification(setup.fake.notification('N0001')).fact).toMatchObject({
      type: 'REFUND',
      refundNo: 'R0002',
      refundedTotalFen: 1250,
    });
    expect(await setup.driver.query('N0001')).toMatchObject({ state: 'CLOSED' });
  });
});
