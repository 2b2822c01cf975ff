import { randomInt } from 'node:crypto';
import {
  CARD_STATE_MACHINE,
  type Card,
  type CardBatch,
  type CardBatchInput,
  type CardLimitsInput,
  type CardReissued,
} from '@water/contract/cards';
import { asFen } from '@water/contract/money';
import dayjs from 'dayjs';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, unknownInReach } from '../../lib/http-errors.ts';
import { moveBy } from '../../lib/state.ts';
import { agentById, agentIdsInScope } from '../agents/agent-directory.ts';
import { type MembersService, maskPhone } from '../members/members.service.ts';
import { cardSecretHash, newCardNo, newCardSecret } from './card-secrets.ts';
import { type CardRecord, type CardRow, type NewCard, cardsRepository as repo } from './cards.repository.ts';

type Tx = Deps['db'];

/** A card's limits as given: absent is no limit; a use may not be allowed more than a day. */
export function checkedLimits(input: CardLimitsInput) {
  const perUseLimit = input.perUseLimit ?? null;
  const perDayLimit = input.perDayLimit ?? null;
  if (perUseLimit !== null && perDayLimit !== null && perUseLimit > perDayLimit) {
    throw invalidField('perUseLimit', { key: 'errors.cards.useAboveDay' }, 'too_large', { limit: perDayLimit });
  }
  return { perUseLimit, perDayLimit };
}

/** A new card with a number no other card has, and its secret (kept only as a hash). */
async function insertNewCard(
  tx: Tx,
  values: Omit<NewCard, 'cardNo' | 'secretHash'>,
): Promise<{ card: CardRecord; secret: string }> {
  for (;;) {
    const cardNo = newCardNo();
    const secret = newCardSecret();
    const card = await repo.insertCard(tx, { ...values, cardNo, secretHash: cardSecretHash(cardNo, secret) });
    if (card) return { card, secret };
  }
}

/** Issuing cards in batches, and reissuing a lost one with its balance. */
export function createCardIssue(
  { db, clock, audit }: Pick<Deps, 'db' | 'clock' | 'audit'>,
  {
    members,
    visibleCard,
    lockedCard,
    answer,
  }: {
    members: MembersService;
    visibleCard: (principal: Principal, id: number) => Promise<CardRow>;
    lockedCard: (tx: Tx, id: number) => Promise<CardRecord>;
    answer: (id: number) => Promise<Card>;
  },
) {
  return {
    /**
     * Issues a batch for an active agent within the caller's reach: `count` anonymous cards, or a
     * named card for each phone (its member made on first sight). Answers each card's secret, this once.
     */
    async issue(principal: Principal, input: CardBatchInput): Promise<CardBatch> {
      if ((input.count === undefined) === (input.phones === undefined)) {
        throw invalidField('count', { key: 'errors.cards.countOrPhones' }, 'required');
      }
      const agentIds = await agentIdsInScope(db, principal.scope);
      const agent = await agentById(db, input.agentId);
      if (!agent || (agentIds !== null && !agentIds.includes(agent.id))) {
        throw invalidField('agentId', unknownInReach('agent', input.agentId), 'unknown_reference');
      }
      if (agent.status !== 'ACTIVE') throw invalidField('agentId', { key: 'errors.cards.agentNotActive' });
      const limits = checkedLimits(input);
      const now = clock.now();
      const batchNo = `CB${dayjs(now).format('YYMMDDHHmmss')}${String(randomInt(10_000)).padStart(4, '0')}`;
      const holders: (string | null)[] = input.phones ?? Array.from({ length: input.count ?? 0 }, () => null);
      const cards = await db.transaction(async (tx) => {
        const made: CardBatch['cards'] = [];
        for (const phone of holders) {
          const memberId = phone ? await members.memberOf(tx, { phone }, agent.id) : null;
          const { card, secret } = await insertNewCard(tx, {
            agentId: agent.id,
            memberId,
            ...limits,
            batchNo,
            createBy: principal.username,
            updateBy: principal.username,
            createTime: now,
            updateTime: now,
          });
          made.push({ id: card.id, cardNo: card.cardNo, secret, memberPhone: maskPhone(phone) });
        }
        const after = (card: (typeof made)[number]) => ({
          cardNo: card.cardNo,
          batchNo,
          agentId: agent.id,
          memberPhone: card.memberPhone,
          ...limits,
        });
        await audit.record(
          tx,
          made.map((card) => ({ recordType: 'card', recordId: card.id, action: 'create', after: after(card) })),
        );
        return made;
      });
      return { batchNo, cards };
    },

    /**
     * Reissues a frozen card: a new card (new number and secret) of the same agent, member and
     * limits takes its balance, principal and bonus apart; the old card is closed for good.
     */
    async reissue(principal: Principal, id: number): Promise<CardReissued> {
      await visibleCard(principal, id);
      const made = await db.transaction(async (tx) => {
        const old = await lockedCard(tx, id);
        const state = moveBy(CARD_STATE_MACHINE, old.state, 'REISSUE', {
          message: `Card ${old.cardNo} is ${old.state}: freeze it before it is reissued`,
        });
        const now = clock.now();
        const by = principal.username;
        const { card, secret } = await insertNewCard(tx, {
          agentId: old.agentId,
          memberId: old.memberId,
          principal: old.principal,
          bonus: old.bonus,
          perUseLimit: old.perUseLimit,
          perDayLimit: old.perDayLimit,
          batchNo: old.batchNo,
          replacesId: old.id,
          createBy: by,
          updateBy: by,
          createTime: now,
          updateTime: now,
        });
        const zero = asFen(0);
        await repo.updateCard(tx, old.id, {
          state,
          principal: zero,
          bonus: zero,
          replacedById: card.id,
          updateBy: by,
          updateTime: now,
        });
        const carried = { agentId: old.agentId, createBy: by, createTime: now };
        await repo.insertMovement(tx, {
          ...carried,
          cardId: old.id,
          move: 'CARRY_OUT',
          principal: asFen(-old.principal),
          bonus: asFen(-old.bonus),
          principalAfter: zero,
          bonusAfter: zero,
          otherCardId: card.id,
        });
        await repo.insertMovement(tx, {
          ...carried,
          cardId: card.id,
          move: 'CARRY_IN',
          principal: old.principal,
          bonus: old.bonus,
          principalAfter: old.principal,
          bonusAfter: old.bonus,
          otherCardId: old.id,
        });
        const balance = { principal: old.principal, bonus: old.bonus };
        await audit.record(tx, [
          {
            recordType: 'card',
            recordId: old.id,
            action: 'reissue',
            before: { cardNo: old.cardNo, state: old.state, ...balance },
            after: { state, principal: zero, bonus: zero, replacedBy: card.cardNo },
            keys: ['cardNo'],
          },
          {
            recordType: 'card',
            recordId: card.id,
            action: 'create',
            after: { cardNo: card.cardNo, replaces: old.cardNo, agentId: old.agentId, ...balance },
          },
        ]);
        return { id: card.id, secret };
      });
      return { card: await answer(made.id), secret: made.secret };
    },
  };
}
