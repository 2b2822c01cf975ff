import {
  bonusFor,
  CARD_CAPS,
  CARD_STATE_MACHINE,
  type Card,
  type CardBonusRule,
  type CardLimitsInput,
  type CardMovement,
  type CardQuery,
  type CardRules,
  type CardStateInput,
  type CardTopUp,
  type CardTopUpInput,
  largestTopUp,
} from '@water/contract/cards';
import { CARD_COLUMNS } from '@water/contract/cards-columns';
import type { PageOf, PageQuery } from '@water/contract/common';
import { asFen, type Fen } from '@water/contract/money';
import { yuanText } from '../../domain/money.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { formatDay } from '../../lib/time.ts';
import { type AgentPaths, agentIdsInScope } from '../agents/agent-directory.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { cardDto, kindOf, movementDto } from './card-answers.ts';
import { checkedLimits, createCardIssue } from './card-issue.ts';
import { createCardLiabilities } from './card-liabilities.ts';
import { createCardPayments } from './card-payments.ts';
import { topUpPosting } from './card-postings.ts';
import {
  type CardRecord,
  type CardRow,
  cardOrder,
  cardSortable,
  movementOrder,
  cardsRepository as repo,
} from './cards.repository.ts';

/** The card rules finance sets in the global settings. */
export interface CardSettings {
  bonusRules: readonly CardBonusRule[];
  reserveSharePct: number;
}

export type CardsService = ReturnType<typeof createCardsService>;

/**
 * Water cards: issued by agents in batches (named or anonymous), topped up by staff with the
 * bonus the rules grant, within the legal caps; frozen when lost, unfrozen when found, reissued
 * with their balance; paying sales at the machines of their agent within their limits; credited
 * back when such a sale is refunded. Every change of a card's money is booked in the ledger in
 * the same transaction, and kept in the card's history.
 */
export function createCardsService(
  { db, clock, audit }: Pick<Deps, 'db' | 'clock' | 'audit'>,
  {
    ledger,
    members,
    paths,
    cardSettings,
  }: {
    ledger: LedgerService;
    members: MembersService;
    paths: AgentPaths;
    cardSettings: () => Promise<CardSettings>;
  },
) {
  type Tx = typeof db;

  /** A card the caller's data scope reaches, or 404 as if it did not exist. */
  async function visibleCard(principal: Principal, id: number): Promise<CardRow> {
    const [row, agentIds] = await Promise.all([repo.row(db, id), agentIdsInScope(db, principal.scope)]);
    if (!row || (agentIds !== null && !agentIds.includes(row.agentId))) throw notFound(noSuch('card', id));
    return row;
  }

  /** A card locked for a change, in the state table's terms. */
  async function lockedCard(tx: Tx, id: number): Promise<CardRecord> {
    const card = await repo.card(tx, id, true);
    if (!card) throw notFound(noSuch('card', id));
    return card;
  }

  const answer = async (id: number) => cardDto((await repo.row(db, id)) as CardRow);

  const cardList = declaredList<Principal, CardQuery, CardRow, Card>({
    name: 'cards',
    columns: CARD_COLUMNS,
    sortable: cardSortable,
    order: cardOrder,
    read: async (principal, query, paging) => repo.page(db, await agentIdsInScope(db, principal.scope), query, paging),
    toWire: cardDto,
  });

  const payments = createCardPayments({ db, clock }, { ledger, paths });
  const issue = createCardIssue({ db, clock, audit }, { members, visibleCard, lockedCard, answer });
  const liabilities = createCardLiabilities({ db }, { ledger, cardSettings });

  return {
    ...payments,
    ...issue,
    ...liabilities,
    list: cardList.list,
    exportSheet: cardList.exportSheet,

    /** A consumer's own cards, as their phone page shows them: the number masked, the balance. */
    async cardsOfMember(memberId: number): Promise<{ cardNo: string; balance: Fen }[]> {
      const rows = await repo.ofMember(db, memberId);
      return rows.map((row) => ({
        cardNo: `${row.cardNo.slice(0, 4)}********${row.cardNo.slice(-4)}`,
        balance: asFen(row.principal + row.bonus),
      }));
    },

    async card(principal: Principal, id: number): Promise<Card> {
      return cardDto(await visibleCard(principal, id));
    },

    async movements(principal: Principal, id: number, query: PageQuery): Promise<PageOf<CardMovement>> {
      await visibleCard(principal, id);
      const page = await repo.movementPage(db, id, toPaging(query, {}, movementOrder));
      return { content: page.content.map(movementDto), totalElements: page.totalElements };
    },

    async rules(): Promise<CardRules> {
      const settings = await cardSettings();
      return { bonusRules: [...settings.bonusRules], reserveSharePct: settings.reserveSharePct, caps: CARD_CAPS };
    },

    /**
     * Staff top up an active card with what the cardholder paid, by the channel it came in by;
     * the rules add their bonus. Refused when the balance would pass the card's legal cap. The
     * same `requestId` again tops up once and answers the same.
     */
    async topUp(principal: Principal, id: number, input: CardTopUpInput): Promise<CardTopUp> {
      await visibleCard(principal, id);
      const { bonusRules } = await cardSettings();
      const done = await db.transaction(async (tx) => {
        const card = await lockedCard(tx, id);
        const earlier = await repo.topUpByRequest(tx, id, input.requestId);
        if (earlier) return { principal: earlier.principal, bonus: earlier.bonus };
        moveBy(CARD_STATE_MACHINE, card.state, 'TOP_UP', {
          message: `Card ${card.cardNo} is ${card.state}: only an active card is topped up`,
        });
        const bonus = bonusFor(bonusRules, input.amount);
        const after = { principal: asFen(card.principal + input.amount), bonus: asFen(card.bonus + bonus) };
        const kind = kindOf(card);
        const cap = CARD_CAPS[kind];
        if (after.principal + after.bonus > cap) {
          const left = largestTopUp(bonusRules, asFen(Math.max(0, cap - card.principal - card.bonus)));
          throw invalidField(
            'amount',
            {
              key: 'errors.cards.cap',
              values: {
                balance: yuanText(asFen(after.principal + after.bonus)),
                cap: yuanText(cap),
                kind: { key: `errors.cards.kinds.${kind}` },
                left: yuanText(left),
              },
            },
            'too_large',
            { limit: left },
          );
        }
        const now = clock.now();
        await repo.updateCard(tx, id, { ...after, updateBy: principal.username, updateTime: now });
        await repo.insertMovement(tx, {
          cardId: id,
          agentId: card.agentId,
          move: 'TOP_UP',
          principal: input.amount,
          bonus,
          principalAfter: after.principal,
          bonusAfter: after.bonus,
          channel: input.channel,
          reference: input.reference?.trim() || null,
          requestId: input.requestId,
          createBy: principal.username,
          createTime: now,
        });
        await ledger.post(
          tx,
          topUpPosting(formatDay(now), card.agentId, input.channel, { principal: input.amount, bonus }),
        );
        const before = { cardNo: card.cardNo, principal: card.principal, bonus: card.bonus };
        const change = { ...after, channel: input.channel, amount: input.amount, topUpBonus: bonus };
        await audit.record(tx, {
          recordType: 'card',
          recordId: id,
          action: 'adjust',
          before,
          after: change,
          keys: ['cardNo'],
        });
        return { principal: input.amount, bonus };
      });
      return { card: await answer(id), ...done };
    },

    /** Freezes a card (reported lost: it pays no more) or unfreezes it (found). */
    async setState(principal: Principal, id: number, input: CardStateInput): Promise<Card> {
      await visibleCard(principal, id);
      await db.transaction(async (tx) => {
        const card = await lockedCard(tx, id);
        const state = moveBy(CARD_STATE_MACHINE, card.state, input.action);
        const now = clock.now();
        await repo.updateCard(tx, id, { state, updateBy: principal.username, updateTime: now });
        await repo.insertMovement(tx, {
          cardId: id,
          agentId: card.agentId,
          move: input.action,
          principalAfter: card.principal,
          bonusAfter: card.bonus,
          note: input.note?.trim() || null,
          createBy: principal.username,
          createTime: now,
        });
        const [before, after] = [
          { cardNo: card.cardNo, state: card.state },
          { state, note: input.note?.trim() || null },
        ];
        await audit.record(tx, { recordType: 'card', recordId: id, action: 'status', before, after, keys: ['cardNo'] });
      });
      return answer(id);
    },

    /** Changes the most a card pays in one sale and in one day (null: no limit). */
    async setLimits(principal: Principal, id: number, input: CardLimitsInput): Promise<Card> {
      await visibleCard(principal, id);
      const limits = checkedLimits(input);
      await db.transaction(async (tx) => {
        const card = await lockedCard(tx, id);
        moveBy(CARD_STATE_MACHINE, card.state, 'SET_LIMITS');
        await repo.updateCard(tx, id, { ...limits, updateBy: principal.username, updateTime: clock.now() });
        await audit.record(tx, {
          recordType: 'card',
          recordId: id,
          action: 'update',
          before: card,
          after: limits,
          keys: ['cardNo'],
        });
      });
      return answer(id);
    },
  };
}
