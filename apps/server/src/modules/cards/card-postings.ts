import type { TopUpChannel } from '@water/contract/cards';
import { asFen, type Fen } from '@water/contract/money';
import type { Posting } from '../ledger/ledger.service.ts';

/** What a card's money splits into: what the cardholder paid in, and the bonus. */
export interface CardParts {
  principal: Fen;
  bonus: Fen;
}

/**
 * A top-up: the money came in by its channel (receivable) and is owed to the cardholder
 * (principal); the bonus is the issuing agent's promise, at the platform's cost.
 */
export function topUpPosting(day: string, agentId: number, channel: TopUpChannel, parts: CardParts): Posting {
  return {
    day,
    kind: 'CARD_TOPUP',
    subject: `${agentId}/${channel}`,
    agentId,
    items: 1,
    lines: [
      { account: { type: 'CHANNEL_RECEIVABLE', channel }, amount: parts.principal },
      { account: { type: 'CARD_PRINCIPAL', agentId }, amount: asFen(-parts.principal) },
      { account: { type: 'CARD_BONUS_EXPENSE' }, amount: parts.bonus },
      { account: { type: 'CARD_BONUS', agentId }, amount: asFen(-parts.bonus) },
    ],
  };
}

/**
 * A sale paid by card: the card's principal and bonus are spent, clearing the CARD receivable
 * that the sale's own posting (SALES) raised.
 */
export function cardSalePosting(day: string, agentId: number, parts: CardParts): Posting {
  return {
    day,
    kind: 'CARD_SALES',
    subject: String(agentId),
    agentId,
    items: 1,
    lines: [
      { account: { type: 'CARD_PRINCIPAL', agentId }, amount: parts.principal },
      { account: { type: 'CARD_BONUS', agentId }, amount: parts.bonus },
      { account: { type: 'CHANNEL_RECEIVABLE', channel: 'CARD' }, amount: asFen(-(parts.principal + parts.bonus)) },
    ],
  };
}

/** A refund credited back to the card: the refund the sale's REFUNDS posting owes is paid onto the card. */
export function cardRefundPosting(day: string, agentId: number, parts: CardParts): Posting {
  return {
    day,
    kind: 'CARD_REFUNDS',
    subject: String(agentId),
    agentId,
    items: 1,
    lines: [
      { account: { type: 'REFUNDS_PAYABLE', channel: 'CARD' }, amount: asFen(parts.principal + parts.bonus) },
      { account: { type: 'CARD_PRINCIPAL', agentId }, amount: asFen(-parts.principal) },
      { account: { type: 'CARD_BONUS', agentId }, amount: asFen(-parts.bonus) },
    ],
  };
}

/** A sale's amount taken from a card: principal first, the bonus for the rest. */
export function spend(card: CardParts, amount: Fen): CardParts {
  const principal = asFen(Math.min(card.principal, amount));
  return { principal, bonus: asFen(amount - principal) };
}

/**
 * A refund given back to the card, undoing its sale from the end: the bonus the sale took comes
 * back first, the principal for the rest (so the card is as if the sale had been the smaller one).
 */
export function giveBack(taken: CardParts, amount: Fen): CardParts {
  const bonus = asFen(Math.min(taken.bonus, amount));
  return { principal: asFen(Math.min(taken.principal, amount - bonus)), bonus };
}
