import type { CardMove, CardState } from '@water/contract/cards';
import { asFen } from '@water/contract/money';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, fen, id, ts } from '../../db/columns.ts';
import { agents } from '../agents/agents.schema.ts';
import { members } from '../members/members.schema.ts';

/**
 * A prepaid water card: issued by an agent, named (bound to a member) or anonymous, with a printed
 * number and a secret of which only a hash is kept. Its balance is kept in two parts: what the
 * cardholder paid in (principal) and what top-ups granted on top (bonus). `ACTIVE ⇄ FROZEN →
 * REISSUED` (the balance carried to the card that replaced it).
 */
export const cards = pgTable(
  'biz_card',
  {
    id: id(),
    cardNo: varchar('card_no', { length: 20 }).notNull(),
    /** `hex(sha256("water-card-v1:" + cardNo + ":" + secret))`. */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    /** The member of a named card; null: anonymous. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'restrict' }),
    state: varchar('state', { length: 8 }).$type<CardState>().notNull().default('ACTIVE'),
    principal: fen('principal').notNull().default(asFen(0)),
    bonus: fen('bonus').notNull().default(asFen(0)),
    perUseLimit: fen('per_use_limit'),
    perDayLimit: fen('per_day_limit'),
    batchNo: varchar('batch_no', { length: 24 }).notNull(),
    /** The card this one replaced, and the one that replaced it. */
    replacesId: integer('replaces_id'),
    replacedById: integer('replaced_by_id'),
    ...audit,
  },
  (t) => [
    uniqueIndex('biz_card_no_uq').on(t.cardNo),
    index('biz_card_agent_idx').on(t.agentId, t.state),
    index('biz_card_member_idx').on(t.memberId),
    index('biz_card_batch_idx').on(t.batchNo),
  ],
);

/**
 * A card's history, one line per change of its money or state: top-ups (with the channel the money
 * came by), sales and refunds (with their order), freezes, and the balance carried at a reissue.
 * Amounts are signed: money onto the card positive, off it negative. Lines are never changed.
 */
export const cardMovements = pgTable(
  'biz_card_movement',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'restrict' }),
    /** The card's agent, copied for the data scope. */
    agentId: integer('agent_id').notNull(),
    move: varchar('move', { length: 10 }).$type<CardMove>().notNull(),
    principal: fen('principal').notNull().default(asFen(0)),
    bonus: fen('bonus').notNull().default(asFen(0)),
    principalAfter: fen('principal_after').notNull(),
    bonusAfter: fen('bonus_after').notNull(),
    /** A top-up's channel (`CASH`, `WECHAT`, `ALIPAY`) and its reference. */
    channel: varchar('channel', { length: 8 }),
    reference: varchar('reference', { length: 64 }),
    /** The client's key of a top-up: the same key tops up once. */
    requestId: varchar('request_id', { length: 64 }),
    /** A sale's or refund's order. */
    orderId: bigint('order_id', { mode: 'number' }),
    orderNo: varchar('order_no', { length: 32 }),
    /** A reissue: the card the balance went to or came from. */
    otherCardId: integer('other_card_id'),
    note: varchar('note', { length: 255 }),
    createBy: varchar('create_by', { length: 255 }),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('biz_card_movement_card_idx').on(t.cardId, t.createTime),
    index('biz_card_movement_order_idx').on(t.orderId),
    uniqueIndex('biz_card_movement_request_uq').on(t.cardId, t.requestId),
  ],
);
