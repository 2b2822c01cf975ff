import type { MemberQuery } from '@water/contract/coupons';
import { and, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents, coupons, depts, members } from '../../db/schema.ts';
import { between, type Paging } from '../../lib/list-query.ts';

export const memberSortable = {
  createTime: members.createTime,
  orders: members.orderCount,
  paidTotal: members.paidTotal,
  lastOrderTime: members.lastOrderTime,
};
export const memberOrder = [desc(members.id)];

export type MemberRow = typeof members.$inferSelect & { agentName: string | null; unusedCoupons: number };

const agentName = sql<
  string | null
>`(SELECT d.name FROM ${agents} a JOIN ${depts} d ON d.id = a.dept_id WHERE a.id = ${members.agentId})`;
const unusedCoupons =
  sql<number>`(SELECT count(*) FROM ${coupons} c WHERE c.member_id = ${members.id} AND c.status = 'UNUSED')`.mapWith(
    Number,
  );

/** A phone search: the whole number, or its last digits. */
function phoneMatching(text: string | undefined): SQL | undefined {
  const digits = text?.trim();
  if (!digits) return undefined;
  if (!/^\d{1,11}$/.test(digits)) return eq(members.openid, digits);
  return digits.length === 11 ? eq(members.phone, digits) : like(members.phone, `%${digits}`);
}

export const membersRepository = {
  /** The member of a phone or openid, made on first sight and credited to the agent given. */
  async memberOf(db: Database, key: { phone?: string; openid?: string }, agentId: number | null): Promise<number> {
    const column = key.phone ? members.phone : members.openid;
    const value = (key.phone ?? key.openid) as string;
    await db
      .insert(members)
      .values({ phone: key.phone ?? null, openid: key.openid ?? null, agentId })
      .onConflictDoNothing();
    const [row] = await db.select({ id: members.id }).from(members).where(eq(column, value));
    return (row as { id: number }).id;
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

  /** Counts a paid order on its member; answers how many paid orders the member has now. */
  async addPaid(db: Database, id: number, amount: number, at: Date): Promise<number> {
    const [row] = await db
      .update(members)
      .set({
        orderCount: sql`${members.orderCount} + 1`,
        paidTotal: sql`${members.paidTotal} + ${amount}`,
        lastOrderTime: sql`greatest(${members.lastOrderTime}, ${at})`,
      })
      .where(eq(members.id, id))
      .returning({ orderCount: members.orderCount });
    return row?.orderCount ?? 0;
  },

  /** Takes a refund off its member's paid total. */
  async subtractRefund(db: Database, id: number, amount: number): Promise<void> {
    await db
      .update(members)
      .set({ paidTotal: sql`greatest(${members.paidTotal} - ${amount}, 0)` })
      .where(eq(members.id, id));
  },

  async page(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<MemberQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: MemberRow[]; totalElements: number }> {
    const where = and(
      agentIds === null ? undefined : inArray(members.agentId, agentIds.length > 0 ? [...agentIds] : [0]),
      phoneMatching(query.blurry),
      query.agentId ? eq(members.agentId, query.agentId) : undefined,
      between(members.createTime, query.createTime),
    );
    const rows = db
      .select({ member: members, agentName, unusedCoupons })
      .from(members)
      .where(where)
      .orderBy(...paging.orderBy)
      .offset(paging.offset);
    const [content, [total]] = await Promise.all([
      paging.limit === undefined ? rows : rows.limit(paging.limit),
      db.select({ n: count() }).from(members).where(where),
    ]);
    return {
      content: content.map((row) => ({ ...row.member, agentName: row.agentName, unusedCoupons: row.unusedCoupons })),
      totalElements: total?.n ?? 0,
    };
  },
};
