import { CARD_STATE_MACHINE } from '@water/contract/cards';
import type { ErrorCode } from '@water/contract/errors';
import type { GatewayPaymentInput } from '@water/contract/gateway';
import { asFen, type Fen } from '@water/contract/money';
import { allows } from '@water/contract/state-machine';
import { yuanText } from '../../domain/money.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, invalidField } from '../../lib/http-errors.ts';
import { moveBy } from '../../lib/state.ts';
import { formatDay, startOfDay } from '../../lib/time.ts';
import type { AgentPaths } from '../agents/agent-directory.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SaleEvent, SaleOrder } from '../orders/sale-events.ts';
import { cardRefundPosting, cardSalePosting, giveBack, spend } from './card-postings.ts';
import { secretMatches } from './card-secrets.ts';
import { type CardRecord, cardsRepository as repo } from './cards.repository.ts';

type Tx = Deps['db'];

/** The card a machine read, as its payment names it. */
export interface CardCredentials {
  cardNo: string;
  cardSecret: string;
}

/** The card a machine's payment names: a card payment of any amount names one, by number and secret. */
export function paymentCard(input: GatewayPaymentInput): CardCredentials | null {
  if (input.channel !== 'CARD' || input.amount === 0) return null;
  if (!input.cardNo || !input.cardSecret) {
    const field = input.cardNo ? 'cardSecret' : 'cardNo';
    throw invalidField(field, 'a card payment names its card: cardNo and cardSecret', 'required');
  }
  return { cardNo: input.cardNo, cardSecret: input.cardSecret };
}

/** A card payment refused, with the code the machine branches on (the message says why). */
const refused = (status: number, message: string, code: ErrorCode = 'CARD_REFUSED') =>
  new HttpError(status, message, code);

/**
 * Cards at the machines: a sale paid by card, debited in the order's own transaction (the card
 * row locked, its limits and balance checked, never below zero), and a refund of such a sale
 * credited back to the card at once, in the refund's transaction.
 */
export function createCardPayments(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { ledger, paths }: { ledger: LedgerService; paths: AgentPaths },
) {
  /** The card of a number and secret, refused when it is not one or cannot pay (state). */
  function checked(card: CardRecord | undefined, credentials: CardCredentials): CardRecord {
    if (!card || !secretMatches(card, credentials.cardSecret)) {
      throw refused(403, 'The card number or its secret is wrong');
    }
    if (!allows(CARD_STATE_MACHINE, card.state, 'PAY')) {
      throw refused(409, `Card ${card.cardNo} is ${card.state}: it cannot pay`);
    }
    return card;
  }

  /** A card, and the one that replaced it (and so on), to the one that holds its money now, locked. */
  async function holderOf(tx: Tx, cardId: number): Promise<CardRecord> {
    let card = (await repo.card(tx, cardId, true)) as CardRecord;
    while (card.state === 'REISSUED' && card.replacedById !== null) {
      card = (await repo.card(tx, card.replacedById, true)) as CardRecord;
    }
    return card;
  }

  /**
   * Takes `amount` off a card for an order, in the order's transaction, the card locked: refused
   * (and nothing of the sale is kept) when the number or secret is wrong, the card is not active,
   * the machine is not one of the card's agent (or beneath it), a limit would be passed, or the
   * balance is short. Principal first, then bonus.
   */
  async function pay(tx: Tx, credentials: CardCredentials, order: SaleOrder, amount: Fen, paidAt: Date) {
    const card = checked(await repo.cardByNo(tx, credentials.cardNo, true), credentials);
    if (!(await paths.of(order.agentId)).includes(card.agentId)) {
      throw refused(409, `Card ${card.cardNo} is not taken at this machine`);
    }
    if (card.perUseLimit !== null && amount > card.perUseLimit) {
      throw refused(
        409,
        `The sale is above the card's limit of ${yuanText(card.perUseLimit)} yuan a use`,
        'CARD_LIMIT',
      );
    }
    const now = clock.now();
    if (card.perDayLimit !== null) {
      const spent = await repo.spentSince(tx, card.id, startOfDay(now));
      if (spent + amount > card.perDayLimit) {
        throw refused(
          409,
          `The sale would take today's card sales to ${yuanText(asFen(spent + amount))} yuan, above the card's limit of ${yuanText(card.perDayLimit)} yuan a day`,
          'CARD_LIMIT',
        );
      }
    }
    const balance = asFen(card.principal + card.bonus);
    if (balance < amount) {
      throw refused(409, `The card holds ${yuanText(balance)} yuan, less than the sale`, 'CARD_BALANCE');
    }
    const parts = spend(card, amount);
    const after = { principal: asFen(card.principal - parts.principal), bonus: asFen(card.bonus - parts.bonus) };
    moveBy(CARD_STATE_MACHINE, card.state, 'PAY');
    await repo.updateCard(tx, card.id, { ...after, updateTime: now });
    await repo.insertMovement(tx, {
      cardId: card.id,
      agentId: card.agentId,
      move: 'SALE',
      principal: asFen(-parts.principal),
      bonus: asFen(-parts.bonus),
      principalAfter: after.principal,
      bonusAfter: after.bonus,
      orderId: order.id,
      orderNo: order.orderNo,
      createTime: now,
    });
    await ledger.post(tx, cardSalePosting(formatDay(paidAt), card.agentId, parts));
  }

  return {
    /** A card a machine read, checked before its sale's payment is recorded (the debit checks it again). */
    async verify(credentials: CardCredentials): Promise<void> {
      checked(await repo.cardByNo(db, credentials.cardNo), credentials);
    },

    /**
     * A sale's events, as cards follow them (after the sale's own postings, so that every sale
     * takes its locks in one order: roll-ups, the ledger's shared accounts, then the card): a card
     * sale's payment is taken off the card it names; a refund of an order a card paid goes back
     * onto that card (or the card that replaced it), bonus first, within what the sale took.
     */
    async onSale(tx: Tx, event: SaleEvent): Promise<void> {
      if (event.type === 'PAID' && event.card && event.amount > 0) {
        return pay(tx, event.card, event.order, event.amount, event.at);
      }
      if (event.type !== 'REFUNDED' || event.order.channel !== 'CARD') return;
      const taken = await repo.takenBy(tx, event.order.id);
      if (!taken) return;
      const parts = giveBack(taken, event.amount);
      if (parts.principal + parts.bonus <= 0) return;
      const card = await holderOf(tx, taken.cardId);
      moveBy(CARD_STATE_MACHINE, card.state, 'CREDIT');
      const now = clock.now();
      const after = { principal: asFen(card.principal + parts.principal), bonus: asFen(card.bonus + parts.bonus) };
      await repo.updateCard(tx, card.id, { ...after, updateTime: now });
      await repo.insertMovement(tx, {
        cardId: card.id,
        agentId: card.agentId,
        move: 'REFUND',
        ...parts,
        principalAfter: after.principal,
        bonusAfter: after.bonus,
        orderId: event.order.id,
        orderNo: event.order.orderNo,
        otherCardId: card.id === taken.cardId ? null : taken.cardId,
        createTime: now,
      });
      await ledger.post(tx, cardRefundPosting(formatDay(event.at), card.agentId, parts));
    },
  };
}

export type CardPayments = ReturnType<typeof createCardPayments>;
