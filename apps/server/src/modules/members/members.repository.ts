import type { MemberQuery } from '@water/contract/coupons';
import type { Fen } from '@water/contract/money';
import { and, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { between, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { coupons } from '../coupons/coupons.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { members, memberTotals } from './members.schema.ts';

export const memberOrder = [desc(members.id)];

export type MemberRow = typeof members.$inferSelect & { agentName: string | null; unusedCoupons: number };

/** The agents whose sales a caller sees (`null`: every agent), never empty (no agent matches 0). */
type Reach = readonly number[] | null;
const reachOf = (agentIds: readonly number[]) => (agentIds.length > 0 ? [...agentIds] : [0]);

/**
 * A member's figures as the caller sees them: at every agent (the member's own columns) for
 * unrestricted staff, else summed over the member's totals at the agents the caller reaches.
 * Subqueries on the member's row, so a page computes them for its own rows only.
 */
function figures(db: Database, reach: Reach) {
  if (reach === null) {
    return { orders: members.orderCount, paidTotal: members.paidTotal, lastOrderTime: members.lastOrderTime };
  }
  const within = and(eq(memberTotals.memberId, members.id), inArray(memberTotals.agentId, reachOf(reach)));
  const total = (column: SQL) => sql<number>`${db.select({ n: column }).from(memberTotals).where(within)}`;
  return {
    orders: total(sql`coalesce(sum(${memberTotals.orderCount}), 0)`).mapWith(Number),
    paidTotal: total(sql`coalesce(sum(${memberTotals.paidTotal}), 0)`).mapWith(fenOf),
    lastOrderTime: sql<Date | null>`${db
      .select({ last: sql`max(${memberTotals.lastOrderTime})` })
      .from(memberTotals)
      .where(within)}`.mapWith(memberTotals.lastOrderTime),
  };
}

/** What the list sorts by: the figures the caller sees. */
export function memberSortable(db: Database, reach: Reach): Record<string, PgColumn | SQL> {
  return { createTime: members.createTime, ...figures(db, reach) };
}

/**
 * The members the caller sees: those acquired by the agents it reaches, and those who bought from
 * them (acquired elsewhere); one list of ids, each side read by its own index.
 */
function seenBy(db: Database, reach: Reach): SQL | undefined {
  if (reach === null) return undefined;
  const acquired = db
    .select({ id: members.id })
    .from(members)
    .where(inArray(members.agentId, reachOf(reach)));
  const served = db
    .select({ id: memberTotals.memberId })
    .from(memberTotals)
    .where(inArray(memberTotals.agentId, reachOf(reach)));
  return inArray(members.id, acquired.union(served));
}

/** A phone search: the whole number, or its last digits. */
function phoneMatching(text: string | undefined): SQL | undefined {
  const digits = text?.trim();
  if (!digits) return undefined;
  if (!/^\d{1,11}$/.test(digits)) return eq(members.openid, digits);
  return digits.length === 11 ? eq(members.phone, digits) : like(members.phone, `%${digits}`);
}

export const membersRepository = {
  /** The member of a phone or openid, made on first sight and credited to the agent given. */
  async memberOf(
    db: Database,
    key: { phone?: string; openid?: string },
    agentId: number | null,
    seenAt?: Date,
  ): Promise<number> {
    const column = key.phone ? members.phone : members.openid;
    const value = (key.phone ?? key.openid) as string;
    await db
      .insert(members)
      .values({
        phone: key.phone ?? null,
        openid: key.openid ?? null,
        agentId,
        ...(seenAt ? { createTime: seenAt } : {}),
      })
      .onConflictDoNothing();
    const [row] = await db.select({ id: members.id }).from(members).where(eq(column, value));
    const id = (row as { id: number }).id;
    if (seenAt) {
      // A machine's sighting: the first machine's agent acquires a member nobody had (one a
      // platform coupon reached first), and a sale reported late moves "known since" back.
      await db
        .update(members)
        .set({
          agentId: sql`coalesce(${members.agentId}, ${agentId})`,
          createTime: sql`least(${members.createTime}, ${seenAt.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(members.id, id),
            or(isNull(members.agentId), sql`${members.createTime} > ${seenAt.toISOString()}::timestamptz`),
          ),
        );
    }
    return id;
  },

  /** Those of the members the caller sees, with their phone (never answered as it is). */
  async seen(db: Database, reach: Reach, ids: readonly number[]) {
    return db
      .select({ id: members.id, phone: members.phone })
      .from(members)
      .where(and(inArray(members.id, [...ids]), seenBy(db, reach)));
  },

  async byId(db: Database, id: number) {
    const [row] = await db.select().from(members).where(eq(members.id, id));
    return row;
  },

  async find(db: Database, key: { phone?: string; openid?: string }) {
    const where = key.phone ? eq(members.phone, key.phone) : eq(members.openid, key.openid ?? '');
    const [row] = await db.select().from(members).where(where);
    return row;
  },

  /**
   * Counts a paid order on its member, at every agent and at the agent it was sold under;
   * answers how many paid orders the member has now, at every agent.
   */
  async addPaid(db: Database, id: number, agentId: number, amount: Fen, at: Date): Promise<number> {
    const [row] = await db
      .update(members)
      .set({
        orderCount: sql`${members.orderCount} + 1`,
        paidTotal: sql`${members.paidTotal} + ${amount}`,
        lastOrderTime: sql`greatest(${members.lastOrderTime}, ${at})`,
      })
      .where(eq(members.id, id))
      .returning({ orderCount: members.orderCount });
    if (!row) return 0;
    await db
      .insert(memberTotals)
      .values({ memberId: id, agentId, orderCount: 1, paidTotal: amount, lastOrderTime: at })
      .onConflictDoUpdate({
        target: [memberTotals.memberId, memberTotals.agentId],
        set: {
          orderCount: sql`${memberTotals.orderCount} + 1`,
          paidTotal: sql`${memberTotals.paidTotal} + ${amount}`,
          lastOrderTime: sql`greatest(${memberTotals.lastOrderTime}, ${at})`,
        },
      });
    return row.orderCount;
  },

  /** Takes a refund off its member's paid total, at every agent and at the agent the order was sold under. */
  async subtractRefund(db: Database, id: number, agentId: number, amount: Fen): Promise<void> {
    await db
      .update(members)
      .set({ paidTotal: sql`greatest(${members.paidTotal} - ${amount}, 0)` })
      .where(eq(members.id, id));
    await db
      .update(memberTotals)
      .set({ paidTotal: sql`greatest(${memberTotals.paidTotal} - ${amount}, 0)` })
      .where(and(eq(memberTotals.memberId, id), eq(memberTotals.agentId, agentId)));
  },

  /**
   * A page of the members the caller sees, with their figures within its reach, the agent that
   * acquired them (its name read here) and their unused coupons of the templates within reach.
   */
  async page(
    db: Database,
    reach: Reach,
    query: Omit<MemberQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: MemberRow[]; totalElements: number }> {
    const where = and(
      seenBy(db, reach),
      phoneMatching(query.blurry),
      query.agentId ? eq(members.agentId, query.agentId) : undefined,
      between(members.createTime, query.createTime),
    );
    const agentName = sql<string | null>`${db
      .select({ name: depts.name })
      .from(agents)
      .innerJoin(depts, eq(depts.id, agents.deptId))
      .where(eq(agents.id, members.agentId))}`;
    const unusedCoupons = sql<number>`${db
      .select({ n: count() })
      .from(coupons)
      .where(
        and(
          eq(coupons.memberId, members.id),
          eq(coupons.status, 'UNUSED'),
          reach === null ? undefined : inArray(coupons.agentId, reachOf(reach)),
        ),
      )}`.mapWith(Number);
    const { orders, paidTotal, lastOrderTime } = figures(db, reach);
    const { content, totalElements } = await pageOf(
      db
        .select({ member: members, agentName, unusedCoupons, orders, paidTotal, lastOrderTime })
        .from(members)
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(members).where(where),
      paging,
    );
    return {
      content: content.map((row) => ({
        ...row.member,
        orderCount: row.orders,
        paidTotal: row.paidTotal,
        lastOrderTime: row.lastOrderTime,
        agentName: row.agentName,
        unusedCoupons: row.unusedCoupons,
      })),
      totalElements,
    };
  },
};
