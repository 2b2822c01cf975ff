import { asFen } from '@water/contract/money';
import type { Database } from '../../db/client.ts';
import type { LevelShare } from '../orders/order-commission.ts';
import type { SaleEvent } from '../orders/sale-events.ts';
import type { LedgerService, Posting } from './ledger.service.ts';

/** The commission postings of a sale event's level changes: earned (COMMISSION) or given back (REVERSAL). */
export function commissionPostings(day: string, changes: readonly LevelShare[]): Posting[] {
  return changes.map((change) => ({
    day,
    kind: change.amount > 0 ? 'COMMISSION' : 'REVERSAL',
    subject: `${change.agentId}/${change.depth}`,
    agentId: change.agentId,
    items: 1,
    lines: [
      { account: { type: 'COMMISSION_EXPENSE' }, amount: change.amount },
      {
        account: { type: change.held ? 'COMMISSION_HELD' : 'COMMISSION_PAYABLE', agentId: change.agentId },
        amount: asFen(-change.amount),
      },
    ],
  }));
}

/**
 * What a sale event books: a payment its money (receivable against revenue) and the commission
 * its levels earned; a refund the money going back (revenue against refunds payable, paid at once
 * for coins) and the commission it reverses. Cards book their own side (the cards module).
 */
export function salePostings(event: SaleEvent, dayOf: (time: Date) => string): Posting[] {
  switch (event.type) {
    case 'PAID': {
      const day = dayOf(event.at);
      const channel = event.order.channel;
      return [
        {
          day,
          kind: 'SALES',
          subject: channel,
          items: 1,
          lines: [
            { account: { type: 'CHANNEL_RECEIVABLE', channel }, amount: event.amount },
            { account: { type: 'PLATFORM_REVENUE' }, amount: asFen(-event.amount) },
          ],
        },
        ...commissionPostings(day, event.commission),
      ];
    }
    case 'REFUNDED': {
      const day = dayOf(event.at);
      const channel = event.order.channel;
      const postings: Posting[] = [
        {
          day,
          kind: 'REFUNDS',
          subject: channel,
          items: 1,
          lines: [
            { account: { type: 'PLATFORM_REVENUE' }, amount: event.amount },
            { account: { type: 'REFUNDS_PAYABLE', channel }, amount: asFen(-event.amount) },
          ],
        },
      ];
      if (channel === 'COIN') {
        // The machine paid the coins back as it refunded.
        postings.push({
          day,
          kind: 'REFUNDS_PAID',
          subject: channel,
          items: 1,
          lines: [
            { account: { type: 'REFUNDS_PAYABLE', channel }, amount: event.amount },
            { account: { type: 'CHANNEL_RECEIVABLE', channel }, amount: asFen(-event.amount) },
          ],
        });
      }
      return [...postings, ...commissionPostings(day, event.commission)];
    }
    case 'CREATED':
    case 'DISPENSED':
    case 'CLOSED':
      return [];
  }
}

/**
 * A reversal of commission earned while the agent was frozen comes out of what is held for it;
 * once that was released (the agent unfrozen), out of its available balance.
 */
async function reversalsFromWhatIsHeld(tx: Database, ledger: LedgerService, event: SaleEvent): Promise<SaleEvent> {
  if (event.type !== 'REFUNDED' || !event.commission.some((change) => change.held && change.amount < 0)) return event;
  const commission = [];
  for (const change of event.commission) {
    if (!change.held || change.amount >= 0) {
      commission.push(change);
      continue;
    }
    const held = await ledger.lockedBalance(tx, { type: 'COMMISSION_HELD', agentId: change.agentId });
    commission.push({ ...change, held: -held.balance >= -change.amount });
  }
  return { ...event, commission };
}

/** The ledger's reaction to a sale's events, in the sale's transaction. */
export function createSaleBooking(ledger: LedgerService, dayOf: (time: Date) => string) {
  return async (tx: Database, event: SaleEvent): Promise<void> => {
    const booked = await reversalsFromWhatIsHeld(tx, ledger, event);
    await ledger.postAll(tx, salePostings(booked, dayOf));
  };
}
