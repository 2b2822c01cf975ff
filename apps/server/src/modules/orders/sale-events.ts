import type { Fen } from '@water/contract/money';
import type { Channel } from '@water/contract/orders';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { CardCredentials } from '../cards/card-payments.ts';
import type { LevelShare } from './order-commission.ts';

/** An order as those who react to its sale events read it (what was sold, where, to whom, at what). */
export interface SaleOrder {
  id: number;
  orderNo: string;
  createTime: Date;
  machineId: number;
  siteId: number | null;
  agentId: number;
  channel: Channel;
  memberId: number | null;
  couponId: number | null;
  couponAmount: Fen;
  discountAmount: Fen;
  /** The order's state once the event happened. */
  state: string;
  paid: Fen;
  paidTime: Date | null;
}

/** How an order was paid: the channel's reference, when, and the water card that paid a card sale. */
export interface SalePayment {
  ref: string | null;
  at: Date;
  card?: CardCredentials | null;
}

/**
 * `commission` on a payment and a refund: what each level of the order's agent path earned or
 * gave back by it (the order keeps the running amounts; the ledger books these changes).
 *
 * A sale, as the sequence of what happens to its order. Each is raised by the orders service in
 * the transaction that changes the order; the roll-ups, members and coupons react to it there.
 */
export type SaleEvent =
  | { type: 'CREATED'; order: SaleOrder }
  /**
   * Money taken: `late` when it came for an order closed meanwhile (it goes back, the order stays
   * closed); `card`, the water card a card sale names (debited as this event is reacted to).
   */
  | {
      type: 'PAID';
      order: SaleOrder;
      amount: Fen;
      at: Date;
      late: boolean;
      commission: readonly LevelShare[];
      card?: CardCredentials | null;
    }
  /** The machine reported the end of its dispense: what came out, and whether it failed. */
  | { type: 'DISPENSED'; order: SaleOrder; dispensedMl: number; failed: boolean; at: Date }
  /** A refund succeeded; `full` when nothing paid is left on the order. */
  | { type: 'REFUNDED'; order: SaleOrder; amount: Fen; at: Date; full: boolean; commission: readonly LevelShare[] }
  /** Orders left unpaid past the pay timeout were closed. */
  | { type: 'CLOSED'; orders: readonly Pick<SaleOrder, 'id' | 'couponId'>[]; at: Date };

export type SaleEvents = DomainEvents<SaleEvent>;
