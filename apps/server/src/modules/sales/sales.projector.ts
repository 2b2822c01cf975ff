import type { Database } from '../../db/client.ts';
import type { SaleEvent } from '../orders/sale-events.ts';
import { type SalesDelta, salesRepository } from './sales.repository.ts';

const HOUR_MS = 3_600_000;

/** The figures a sale event adds to the roll-ups (none for an event that moves no money or water). */
export type SalesFigures = Omit<SalesDelta, 'hour' | 'day' | 'machineId' | 'siteId' | 'agentId' | 'channel'> & {
  /** When the figures count: a payment when it was paid, a dispense with its payment, a refund when it succeeded. */
  at: Date;
};

/**
 * What each sale event adds to the roll-ups: a payment counts the order, what was paid and what
 * the policy and the coupon took off (a late payment for a closed order only its money, which
 * goes back); a dispense its water, in the hour of its payment; a refund its money, when it succeeded.
 */
export function salesFigures(event: SaleEvent): SalesFigures[] {
  switch (event.type) {
    case 'PAID':
      return event.late
        ? [{ at: event.at, paid: event.amount }]
        : [
            {
              at: event.at,
              orders: 1,
              paid: event.amount,
              discount: event.order.discountAmount,
              coupon: event.order.couponAmount,
            },
          ];
    case 'DISPENSED':
      return event.dispensedMl > 0 ? [{ at: event.order.paidTime ?? event.at, dispensedMl: event.dispensedMl }] : [];
    case 'REFUNDED':
      return [{ at: event.at, refunded: event.amount }];
    case 'CREATED':
    case 'CLOSED':
      return [];
  }
}

/** The roll-up rows a sale event adds to: its machine's hour and day (in the server's time zone). */
export function salesDeltas(event: SaleEvent, dayOf: (time: Date) => string): SalesDelta[] {
  if (event.type === 'CLOSED' || event.type === 'CREATED') return [];
  const { order } = event;
  return salesFigures(event).map(({ at, ...figures }) => ({
    hour: new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS),
    day: dayOf(at),
    machineId: order.machineId,
    siteId: order.siteId,
    agentId: order.agentId,
    channel: order.channel,
    ...figures,
  }));
}

/** The one writer of the sales roll-ups: each sale event's rows, in the transaction that raised it. */
export function createSalesProjector({ dayOf }: { dayOf: (time: Date) => string }) {
  return async (tx: Database, event: SaleEvent): Promise<void> => {
    for (const delta of salesDeltas(event, dayOf)) await salesRepository.addSales(tx, delta);
  };
}
