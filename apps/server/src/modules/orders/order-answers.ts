import { GatewayOrder } from '@water/contract/gateway';
import { asFen, type Fen } from '@water/contract/money';
import { ORDER_RANGE_MAX_DAYS, Order, Refund } from '@water/contract/orders';
import dayjs from 'dayjs';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { TextRef } from '../../lib/texts.ts';
import { parseWireTime } from '../../lib/time.ts';
import { wireMapper, wireOf } from '../../lib/wire.ts';
import { maskPhone } from '../members/members.service.ts';
import type { OrderRecord, OrderRow } from './orders.repository.ts';

/**
 * What an order's commission is counted on: what was paid less what was refunded, plus the
 * discount of the coupon the platform funds when that coupon is used on this very order; nothing
 * for an order refunded in full or closed unpaid, whatever becomes of its coupon.
 */
export function commissionBase(order: Pick<OrderRecord, 'state' | 'paid' | 'refunded'>, platformFunded: Fen): Fen {
  if (order.state === 'REFUNDED' || order.state === 'CLOSED') return asFen(0);
  if (order.paid > 0 && order.refunded >= order.paid) return asFen(0);
  return asFen(order.paid - order.refunded + platformFunded);
}

export const gatewayDto = wireMapper(GatewayOrder);

export const orderDto = (row: OrderRow): Order => wireOf(Order, { ...row, memberPhone: maskPhone(row.memberPhone) });

export const refundDto = wireMapper(Refund);

/** Our order number: the day of the sale and the order's id, `yyyyMMdd` + 10 digits. */
export const orderNumber = (time: Date, id: number) =>
  `${dayjs(time).format('YYYYMMDD')}${String(id).padStart(10, '0')}`;

/** `No order 20240101…`: the caller sees no order of that number. */
export const noOrder = (orderNo: string): TextRef => ({ key: 'errors.orders.noOrder', values: { orderNo } });

/** The times an order of that number can have been made at (its day, with a margin for time zones). */
export function daysOfOrderNo(orderNo: string): { from: Date; to: Date } {
  const day = dayjs(orderNo.slice(0, 8), 'YYYYMMDD', true);
  if (!day.isValid()) throw notFound(noOrder(orderNo));
  return { from: day.subtract(1, 'day').toDate(), to: day.add(2, 'day').toDate() };
}

/** The required time range of an order list: real times, in order, at most ORDER_RANGE_MAX_DAYS days. */
export function checkedRange(range: readonly string[] | undefined): { from: Date; to: Date } {
  const [first, last = first] = range ?? [];
  if (!first || !last) throw invalidField('createTime', { key: 'errors.orders.rangeRequired' }, 'required');
  const from = parseWireTime(first, false);
  const to = parseWireTime(last, true);
  if (!from || !to) {
    throw invalidField(
      'createTime',
      { key: 'errors.notRealDateTime', values: { value: from ? last : first } },
      'format',
    );
  }
  if (to <= from) throw invalidField('createTime', { key: 'errors.orders.endBeforeStart' });
  if (to.getTime() - from.getTime() > ORDER_RANGE_MAX_DAYS * 86_400_000) {
    throw invalidField(
      'createTime',
      { key: 'errors.orders.rangeMaxDays', values: { days: ORDER_RANGE_MAX_DAYS } },
      'too_large',
      {
        limit: ORDER_RANGE_MAX_DAYS,
      },
    );
  }
  return { from, to };
}
