import type { CouponQuery, CouponTemplateQuery, CouponType, IssueType } from '@water/contract/coupons';
import { asFen, type Fen } from '@water/contract/money';
import { and, asc, count, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { between, columnsOf, containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machineModels, machines } from '../machines/machines.read-model.ts';
import { members } from '../members/members.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { coupons, couponTemplates } from './coupons.schema.ts';

export const templateSortable = columnsOf(couponTemplates, ['id', 'name', 'status', 'createTime']);
export const templateOrder = [desc(couponTemplates.id)];
export const couponSortable = {
  createTime: coupons.createTime,
  validTo: coupons.validTo,
  status: coupons.status,
};
export const couponOrder = [desc(coupons.createTime), desc(coupons.id)];

export type TemplateRecord = typeof couponTemplates.$inferSelect;
export type NewTemplate = typeof couponTemplates.$inferInsert;
export type TemplateRow = TemplateRecord & { agentName: string | null };
export type CouponRecord = typeof coupons.$inferSelect;
export type CouponRow = CouponRecord & {
  templateName: string;
  type: CouponType;
  value: number;
  memberPhone: string | null;
};

/** Counts of a template's coupons by status, and the fen its used ones took off. */
export interface StatusCounts {
  status: string;
  n: number;
  discount: Fen;
}

const templateAgentName = sql<
  string | null
>`(SELECT d.name FROM ${agents} a JOIN ${depts} d ON d.id = a.dept_id WHERE a.id = ${couponTemplates.agentId})`;

/** Templates of the agents within reach (`null`: every template, the platform's included). */
const ownedBy = (
  column: typeof couponTemplates.agentId | typeof coupons.agentId,
  agentIds: readonly number[] | null,
) => (agentIds === null ? undefined : inArray(column, agentIds.length > 0 ? [...agentIds] : [0]));

export const couponsRepository = {
  async templatePage(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<CouponTemplateQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: TemplateRow[]; totalElements: number }> {
    const where = and(
      ownedBy(couponTemplates.agentId, agentIds),
      containsText([couponTemplates.name, couponTemplates.claimCode], query.blurry),
      query.type ? eq(couponTemplates.type, query.type) : undefined,
      query.issueType ? eq(couponTemplates.issueType, query.issueType) : undefined,
      query.status ? eq(couponTemplates.status, query.status) : undefined,
    );
    const { content, totalElements } = await pageOf(
      db
        .select({ template: couponTemplates, agentName: templateAgentName })
        .from(couponTemplates)
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(couponTemplates).where(where),
      paging,
    );
    return {
      content: content.map((row) => ({ ...row.template, agentName: row.agentName })),
      totalElements,
    };
  },

  async template(db: Database, id: number, lock = false): Promise<TemplateRecord | undefined> {
    const query = db.select().from(couponTemplates).where(eq(couponTemplates.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async templatesByIds(db: Database, ids: readonly number[]) {
    return db
      .select()
      .from(couponTemplates)
      .where(inArray(couponTemplates.id, [...ids]));
  },

  async templateByCode(db: Database, claimCode: string) {
    const [row] = await db.select().from(couponTemplates).where(eq(couponTemplates.claimCode, claimCode));
    return row;
  },

  /** The active templates of an issue type (few: campaigns), to match against a machine. */
  async activeTemplates(db: Database, issueType: IssueType) {
    return db
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.status, 'ACTIVE'), eq(couponTemplates.issueType, issueType)))
      .orderBy(asc(couponTemplates.id));
  },

  async insertTemplate(db: Database, values: NewTemplate): Promise<number> {
    const [created] = await db.insert(couponTemplates).values(values).returning({ id: couponTemplates.id });
    return (created as { id: number }).id;
  },

  async updateTemplate(db: Database, id: number, values: Partial<NewTemplate>) {
    await db.update(couponTemplates).set(values).where(eq(couponTemplates.id, id));
  },

  async removeTemplates(db: Database, ids: readonly number[]) {
    await db.delete(couponTemplates).where(inArray(couponTemplates.id, [...ids]));
  },

  /** Counts the next coupon of a template against its total; false when it is not active or none is left. */
  async takeOne(db: Database, id: number): Promise<boolean> {
    const taken = await db
      .update(couponTemplates)
      .set({ issued: sql`${couponTemplates.issued} + 1` })
      .where(
        and(
          eq(couponTemplates.id, id),
          eq(couponTemplates.status, 'ACTIVE'),
          or(eq(couponTemplates.total, 0), lt(couponTemplates.issued, couponTemplates.total)),
        ),
      )
      .returning({ id: couponTemplates.id });
    return taken.length > 0;
  },

  /** How many coupons of a template a member holds or held (revoked ones do not count). */
  async heldBy(db: Database, templateId: number, memberId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(coupons)
      .where(and(eq(coupons.templateId, templateId), eq(coupons.memberId, memberId), ne(coupons.status, 'REVOKED')));
    return row?.n ?? 0;
  },

  async insertCoupon(db: Database, values: typeof coupons.$inferInsert): Promise<CouponRecord> {
    const [row] = await db.insert(coupons).values(values).returning();
    return row as CouponRecord;
  },

  async couponByCode(db: Database, code: string, lock = false): Promise<CouponRecord | undefined> {
    const query = db.select().from(coupons).where(eq(coupons.code, code));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async coupon(db: Database, id: number, lock = false): Promise<CouponRecord | undefined> {
    const query = db.select().from(coupons).where(eq(coupons.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Whether a coupon is used, and who bears its discount. */
  async funding(
    db: Database,
    id: number,
  ): Promise<{ status: string; orderId: number | null; fundedBy: string } | undefined> {
    const [row] = await db
      .select({ status: coupons.status, orderId: coupons.orderId, fundedBy: couponTemplates.fundedBy })
      .from(coupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
      .where(eq(coupons.id, id));
    return row;
  },

  async updateCoupon(db: Database, id: number, values: Partial<typeof coupons.$inferInsert>) {
    await db.update(coupons).set(values).where(eq(coupons.id, id));
  },

  /**
   * Gives the coupons of these orders back to their members: unused again while their window is
   * open, expired otherwise.
   */
  async giveBack(db: Database, orderIds: readonly number[], now: Date): Promise<void> {
    if (orderIds.length === 0) return;
    await db
      .update(coupons)
      .set({
        status: sql`CASE WHEN ${coupons.validTo} > ${now} THEN 'UNUSED' ELSE 'EXPIRED' END`,
        orderId: null,
        orderTime: null,
        orderNo: null,
        discountAmount: asFen(0),
        usedTime: null,
      })
      .where(and(inArray(coupons.orderId, [...orderIds]), inArray(coupons.status, ['LOCKED', 'USED'])));
  },

  /** Expires the unused coupons whose window closed; answers how many. */
  async expire(db: Database, now: Date): Promise<number> {
    const expired = await db
      .update(coupons)
      .set({ status: 'EXPIRED' })
      .where(and(eq(coupons.status, 'UNUSED'), lt(coupons.validTo, now)))
      .returning({ id: coupons.id });
    return expired.length;
  },

  /** Ends the active or paused templates of fixed dates that have passed. */
  async endPassed(db: Database, now: Date): Promise<void> {
    await db
      .update(couponTemplates)
      .set({ status: 'ENDED', updateTime: now })
      .where(
        and(
          inArray(couponTemplates.status, ['ACTIVE', 'PAUSED']),
          eq(couponTemplates.validType, 'FIXED'),
          lt(couponTemplates.validTo, now),
        ),
      );
  },

  async couponPage(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<CouponQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: CouponRow[]; totalElements: number }> {
    const text = query.blurry?.trim();
    const where = and(
      ownedBy(coupons.agentId, agentIds),
      query.templateId ? eq(coupons.templateId, query.templateId) : undefined,
      query.status ? eq(coupons.status, query.status) : undefined,
      query.memberId ? eq(coupons.memberId, query.memberId) : undefined,
      text
        ? or(
            eq(coupons.code, text.toUpperCase()),
            inArray(coupons.memberId, db.select({ id: members.id }).from(members).where(eq(members.phone, text))),
          )
        : undefined,
      between(coupons.createTime, query.createTime),
    );
    const { content, totalElements } = await pageOf(
      db
        .select({
          coupon: coupons,
          templateName: couponTemplates.name,
          type: couponTemplates.type,
          value: couponTemplates.value,
          memberPhone: members.phone,
        })
        .from(coupons)
        .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
        .innerJoin(members, eq(members.id, coupons.memberId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(coupons).where(where),
      paging,
    );
    return {
      content: content.map((row) => ({
        ...row.coupon,
        templateName: row.templateName,
        type: row.type,
        value: row.value,
        memberPhone: row.memberPhone,
      })),
      totalElements,
    };
  },

  /** Coupons per template and status, with the fen the used ones took off. */
  async countsByTemplate(db: Database, templateIds: readonly number[]) {
    if (templateIds.length === 0) return [];
    return db
      .select({
        templateId: coupons.templateId,
        status: coupons.status,
        n: count(),
        discount: sql<Fen>`coalesce(sum(${coupons.discountAmount}), 0)::bigint`.mapWith(fenOf),
      })
      .from(coupons)
      .where(inArray(coupons.templateId, [...templateIds]))
      .groupBy(coupons.templateId, coupons.status);
  },

  /** Coupons per funder and status over the templates within reach, issued in a period. */
  async countsByFunder(db: Database, agentIds: readonly number[] | null, range: readonly string[] | undefined) {
    return db
      .select({
        fundedBy: couponTemplates.fundedBy,
        status: coupons.status,
        n: count(),
        discount: sql<Fen>`coalesce(sum(${coupons.discountAmount}), 0)::bigint`.mapWith(fenOf),
      })
      .from(coupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
      .where(and(ownedBy(coupons.agentId, agentIds), between(coupons.createTime, range)))
      .groupBy(couponTemplates.fundedBy, coupons.status);
  },

  /** A member's unused coupons whose window is open, soonest to expire first. */
  async usableOf(db: Database, memberId: number, now: Date) {
    return db
      .select({ coupon: coupons, template: couponTemplates })
      .from(coupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
      .where(
        and(
          eq(coupons.memberId, memberId),
          eq(coupons.status, 'UNUSED'),
          sql`${coupons.validFrom} <= ${now}`,
          sql`${coupons.validTo} > ${now}`,
        ),
      )
      .orderBy(asc(coupons.validTo))
      .limit(100);
  },

  /** The names of what a template's scope lists, in the order of the ids. */
  async scopeNames(db: Database, scope: string, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0 || scope === 'ALL') return new Map();
    const list = [...ids];
    const rows =
      scope === 'AGENT'
        ? await db
            .select({ id: agents.id, name: depts.name })
            .from(agents)
            .innerJoin(depts, eq(depts.id, agents.deptId))
            .where(inArray(agents.id, list))
        : scope === 'SITE'
          ? await db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, list))
          : scope === 'MACHINE'
            ? await db
                .select({ id: machines.id, name: machines.serialNo })
                .from(machines)
                .where(inArray(machines.id, list))
            : await db
                .select({ id: machineModels.id, name: machineModels.name })
                .from(machineModels)
                .where(inArray(machineModels.id, list));
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  /** The agents holding the listed sites or machines (to check them against the caller's reach). */
  async holdersOf(db: Database, scope: 'SITE' | 'MACHINE', ids: readonly number[]) {
    const table = scope === 'SITE' ? sites : machines;
    return db
      .select({ id: table.id, agentId: table.agentId })
      .from(table)
      .where(inArray(table.id, [...ids]));
  },

  async modelsExist(db: Database, ids: readonly number[]): Promise<number[]> {
    const rows = await db
      .select({ id: machineModels.id })
      .from(machineModels)
      .where(inArray(machineModels.id, [...ids]));
    return rows.map((row) => row.id);
  },

  async machine(db: Database, id: number) {
    const [row] = await db
      .select({ id: machines.id, siteId: machines.siteId, modelId: machines.modelId, agentId: machines.agentId })
      .from(machines)
      .where(eq(machines.id, id));
    return row;
  },
};
