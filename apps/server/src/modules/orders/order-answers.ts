import type { GatewayOrder } from '@water/contract/gateway';
import { asFen, type Fen } from '@water/contract/money';
import { ORDER_RANGE_MAX_DAYS, type Order, type Refund } from '@water/contract/orders';
import dayjs from 'dayjs';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { formatDateTime, parseWireTime } from '../../lib/time.ts';
import { maskPhone } from '../members/members.service.ts';
import type { OrderRecord, OrderRow, RefundRow } from './orders.repository.ts';

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

export function gatewayDto(order: OrderRecord): GatewayOrder {
  return {
    orderNo: order.orderNo,
    machineOrderNo: order.machineOrderNo,
    state: order.state,
    channel: order.channel,
    unitPrice: order.unitPrice,
    requestedMl: order.requestedMl,
    dispensedMl: order.dispensedMl,
    listAmount: order.listAmount,
    discountAmount: order.discountAmount,
    couponAmount: order.couponAmount,
    payable: order.payable,
    paid: order.paid,
    refunded: order.refunded,
  };
}

export function orderDto(row: OrderRow): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    machineOrderNo: row.machineOrderNo,
    machineId: row.machineId,
    serialNo: row.serialNo,
    siteId: row.siteId,
    siteName: row.siteName,
    agentId: row.agentId,
    agentName: row.agentName,
    memberPhone: maskPhone(row.memberPhone),
    channel: row.channel,
    tap: row.tap,
    waterType: row.waterType as Order['waterType'],
    unitPrice: row.unitPrice,
    requestedMl: row.requestedMl,
    dispensedMl: row.dispensedMl,
    listAmount: row.listAmount,
    discountAmount: row.discountAmount,
    couponAmount: row.couponAmount,
    payable: row.payable,
    paid: row.paid,
    refunded: row.refunded,
    state: row.state,
    commissionRate: row.commissionRate,
    createTime: formatDateTime(row.createTime) as string,
    paidTime: formatDateTime(row.paidTime),
    dispenseEndTime: formatDateTime(row.dispenseEndTime),
    closeTime: formatDateTime(row.closeTime),
  };
}

export function refundDto(row: RefundRow): Refund {
  return {
    id: row.id,
    refundNo: row.refundNo,
    orderNo: row.orderNo,
    agentId: row.agentId,
    agentName: row.agentName,
    serialNo: row.serialNo,
    channel: row.channel,
    amount: row.amount,
    reason: row.reason,
    note: row.note,
    status: row.status as Refund['status'],
    channelRef: row.channelRef,
    createBy: row.createBy,
    reviewedBy: row.reviewedBy,
    createTime: formatDateTime(row.createTime) as string,
    doneTime: formatDateTime(row.doneTime),
  };
}

/** Our order number: the day of the sale and the order's id, `yyyyMMdd` + 10 digits. */
export const orderNumber = (time: Date, id: number) =>
  `${dayjs(time).format('YYYYMMDD')}${String(id).padStart(10, '0')}`;

/** The times an order of that number can have been made at (its day, with a margin for time zones). */
export function daysOfOrderNo(orderNo: string): { from: Date; to: Date } {
  const day = dayjs(orderNo.slice(0, 8), 'YYYYMMDD', true);
  if (!day.isValid()) throw notFound(`No order ${orderNo}`);
  return { from: day.subtract(1, 'day').toDate(), to: day.add(2, 'day').toDate() };
}

/** The required time range of an order list: real times, in order, at most ORDER_RANGE_MAX_DAYS days. */
export function checkedRange(range: readonly string[] | undefined): { from: Date; to: Date } {
  const [first, last = first] = range ?? [];
  if (!first || !last) throw invalidField('createTime', 'a time range is required', 'required');
  const from = parseWireTime(first, false);
  const to = parseWireTime(last, true);
  if (!from || !to) {
    throw invalidField(
      'createTime',
      `"${from ? last : first}" is not a real date and time (yyyy-MM-dd HH:mm:ss)`,
      'format',
    );
  }
  if (to <= from) throw invalidField('createTime', 'the end must not be before the start');
  if (to.getTime() - from.getTime() > ORDER_RANGE_MAX_DAYS * 86_400_000) {
    throw invalidField('createTime', `covers at most ${ORDER_RANGE_MAX_DAYS} days`, 'too_large', {
      limit: ORDER_RANGE_MAX_DAYS,
    });
  }
  return { from, to };
}
