import { asFen } from '@water/contract/money';
import { describe, expect, it } from 'vitest';
import type { SaleOrder } from '../orders/sale-events.ts';
import { salesFigures } from './sales.projector.ts';

const order: SaleOrder = {
  id: 1,
  orderNo: '202611250000000001',
  createTime: new Date('2026-11-25T09:58:00Z'),
  machineId: 3,
  siteId: 4,
  agentId: 5,
  channel: 'CARD',
  memberId: null,
  couponId: 9,
  couponAmount: asFen(30),
  discountAmount: asFen(10),
  state: 'PAID',
  paid: asFen(60),
  paidTime: new Date('2026-11-25T09:59:30Z'),
};

describe('the sales projector', () => {
  it('counts a payment with what the policy and the coupon took off; a late one only as money that goes back', () => {
    const at = order.paidTime as Date;
    expect(salesFigures({ type: 'PAID', order, amount: asFen(60), at, late: false, commission: [] })).toEqual([
      { at, orders: 1, paid: 60, discount: 10, coupon: 30 },
    ]);
    expect(salesFigures({ type: 'PAID', order, amount: asFen(60), at, late: true, commission: [] })).toEqual([
      { at, paid: 60 },
    ]);
  });

  it('counts water in the hour of its payment and a refund when it succeeded; creating and closing add nothing', () => {
    const ended = new Date('2026-11-25T10:00:40Z');
    expect(salesFigures({ type: 'DISPENSED', order, dispensedMl: 1500, failed: false, at: ended })).toEqual([
      { at: order.paidTime, dispensedMl: 1500 },
    ]);
    expect(salesFigures({ type: 'DISPENSED', order, dispensedMl: 0, failed: true, at: ended })).toEqual([]);
    expect(
      salesFigures({ type: 'REFUNDED', order, amount: asFen(15), at: ended, full: false, commission: [] }),
    ).toEqual([{ at: ended, refunded: 15 }]);
    expect(salesFigures({ type: 'CREATED', order })).toEqual([]);
    expect(salesFigures({ type: 'CLOSED', orders: [order], at: ended })).toEqual([]);
  });
});
