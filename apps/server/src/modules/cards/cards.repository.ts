import type { CardQuery } from '@water/contract/cards';
import { asFen, type Fen } from '@water/contract/money';
import { and, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { between, containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { members } from '../members/members.read-model.ts';
import { cardMovements, cards } from './cards.schema.ts';

export type CardRecord = typeof cards.$inferSelect;
export type NewCard = typeof cards.$inferInsert;
export type MovementRecord = typeof cardMovements.$inferSelect;
export type NewMovement = typeof cardMovements.$inferInsert;
/** A card as its list shows it: with its agent's name, its member's phone and the numbers of the cards it links to. */
export type CardRow = CardRecord & {
  agentName: string;
  memberPhone: string | null;
  replacesNo: string | null;
  replacedByNo: string | null;
};
export type MovementRow = MovementRecord & { otherCardNo: string | null };

export const cardSortable = {
  cardNo: cards.cardNo,
  state: cards.state,
  balance: sql`${cards.principal} + ${cards.bonus}`,
  createTime: cards.createTime,
};
export const cardOrder = [desc(cards.id)];

const replaces = alias(cards, 'replaces');
const replacedBy = alias(cards, 'replaced_by');
const other = alias(cards, 'other');

/** Cards of the agents within reach (`null`: every card). */
const issuedBy = (agentIds: readonly number[] | null) =>
  agentIds === null ? undefined : inArray(cards.agentId, agentIds.length > 0 ? [...agentIds] : [0]);

function rowsOf(db: Database) {
  return db
    .select({
      card: cards,
      agentName: depts.name,
      memberPhone: members.phone,
      replacesNo: replaces.cardNo,
      replacedByNo: replacedBy.cardNo,
    })
    .from(cards)
    .innerJoin(agents, eq(agents.id, cards.agentId))
    .innerJoin(depts, eq(depts.id, agents.deptId))
    .leftJoin(members, eq(members.id, cards.memberId))
    .leftJoin(replaces, eq(replaces.id, cards.replacesId))
    .leftJoin(replacedBy, eq(replacedBy.id, cards.replacedById))
    .$dynamic();
}

type JoinedRow = { card: CardRecord; agentName: string; memberPhone: string | null } & {
  replacesNo: string | null;
  replacedByNo: string | null;
};
const flat = ({ card, ...joined }: JoinedRow): CardRow => ({ ...card, ...joined });

export const cardsRepository = {
  async page(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<CardQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: CardRow[]; totalElements: number }> {
    const blurry = query.blurry?.trim();
    const where = and(
      issuedBy(agentIds),
      blurry && /^1\d{10}$/.test(blurry)
        ? eq(members.phone, blurry)
        : containsText([cards.cardNo, cards.batchNo], blurry),
      query.agentId ? eq(cards.agentId, query.agentId) : undefined,
      query.state ? eq(cards.state, query.state) : undefined,
      query.kind === 'NAMED' ? sql`${cards.memberId} IS NOT NULL` : undefined,
      query.kind === 'ANONYMOUS' ? sql`${cards.memberId} IS NULL` : undefined,
      between(cards.createTime, query.createTime),
    );
    const { content, totalElements } = await pageOf(
      rowsOf(db).where(where),
      db.select({ n: count() }).from(cards).leftJoin(members, eq(members.id, cards.memberId)).where(where),
      paging,
    );
    return { content: content.map(flat), totalElements };
  },

  async row(db: Database, id: number): Promise<CardRow | undefined> {
    const [row] = await rowsOf(db).where(eq(cards.id, id));
    return row && flat(row);
  },

  async card(db: Database, id: number, lock = false): Promise<CardRecord | undefined> {
    const query = db.select().from(cards).where(eq(cards.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** A member's cards in use (not those reissued), oldest first. */
  async ofMember(db: Database, memberId: number) {
    return db
      .select({ cardNo: cards.cardNo, principal: cards.principal, bonus: cards.bonus })
      .from(cards)
      .where(and(eq(cards.memberId, memberId), ne(cards.state, 'REISSUED')))
      .orderBy(cards.id);
  },

  async cardByNo(db: Database, cardNo: string, lock = false): Promise<CardRecord | undefined> {
    const query = db.select().from(cards).where(eq(cards.cardNo, cardNo));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Inserts a card unless its number is taken; answers it, or nothing when the number was. */
  async insertCard(db: Database, values: NewCard): Promise<CardRecord | undefined> {
    const [row] = await db.insert(cards).values(values).onConflictDoNothing({ target: cards.cardNo }).returning();
    return row;
  },

  async updateCard(db: Database, id: number, values: Partial<NewCard>): Promise<void> {
    await db.update(cards).set(values).where(eq(cards.id, id));
  },

  async insertMovement(db: Database, values: NewMovement): Promise<void> {
    await db.insert(cardMovements).values(values);
  },

  /** A top-up already made with the client's key. */
  async topUpByRequest(db: Database, cardId: number, requestId: string): Promise<MovementRecord | undefined> {
    const [row] = await db
      .select()
      .from(cardMovements)
      .where(and(eq(cardMovements.cardId, cardId), eq(cardMovements.requestId, requestId)));
    return row;
  },

  /** What the card's sales took since a time (fen, positive). */
  async spentSince(db: Database, cardId: number, since: Date): Promise<Fen> {
    const [row] = await db
      .select({
        spent: sql<Fen>`coalesce(-sum(${cardMovements.principal} + ${cardMovements.bonus}), 0)`.mapWith(fenOf),
      })
      .from(cardMovements)
      .where(
        and(eq(cardMovements.cardId, cardId), eq(cardMovements.move, 'SALE'), gte(cardMovements.createTime, since)),
      );
    return row?.spent ?? asFen(0);
  },

  /**
   * What the card sale of an order took and has not given back yet (fen, positive), per part, and
   * the card that paid; nothing when no card paid it.
   */
  async takenBy(db: Database, orderId: number): Promise<{ cardId: number; principal: Fen; bonus: Fen } | undefined> {
    const [row] = await db
      .select({
        cardId: sql<number>`min(${cardMovements.cardId}) filter (where ${cardMovements.move} = 'SALE')`.mapWith(Number),
        principal: sql<Fen>`-sum(${cardMovements.principal})`.mapWith(fenOf),
        bonus: sql<Fen>`-sum(${cardMovements.bonus})`.mapWith(fenOf),
      })
      .from(cardMovements)
      .where(and(eq(cardMovements.orderId, orderId), inArray(cardMovements.move, ['SALE', 'REFUND'])))
      .having(sql`count(*) filter (where ${cardMovements.move} = 'SALE') > 0`);
    return row;
  },

  async movementPage(db: Database, cardId: number, paging: Paging) {
    const where = eq(cardMovements.cardId, cardId);
    const { content, totalElements } = await pageOf(
      db
        .select({ movement: cardMovements, otherCardNo: other.cardNo })
        .from(cardMovements)
        .leftJoin(other, eq(other.id, cardMovements.otherCardId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(cardMovements).where(where),
      paging,
    );
    return {
      content: content.map(({ movement, otherCardNo }): MovementRow => ({ ...movement, otherCardNo })),
      totalElements,
    };
  },

  /** Per agent within reach that issued cards: the cards that may hold money, and their balances. */
  async balancesByAgent(db: Database, agentIds: readonly number[] | null, agentId?: number) {
    return db
      .select({
        agentId: cards.agentId,
        agentName: sql<string>`min(${depts.name})`,
        cards: sql<number>`count(*) filter (where ${cards.state} <> 'REISSUED')`.mapWith(Number),
        principal: sql<Fen>`coalesce(sum(${cards.principal}), 0)`.mapWith(fenOf),
        bonus: sql<Fen>`coalesce(sum(${cards.bonus}), 0)`.mapWith(fenOf),
      })
      .from(cards)
      .innerJoin(agents, eq(agents.id, cards.agentId))
      .innerJoin(depts, eq(depts.id, agents.deptId))
      .where(and(issuedBy(agentIds), agentId ? eq(cards.agentId, agentId) : undefined))
      .groupBy(cards.agentId)
      .orderBy(cards.agentId);
  },
};

export const movementOrder = [desc(cardMovements.createTime), desc(cardMovements.id)];
