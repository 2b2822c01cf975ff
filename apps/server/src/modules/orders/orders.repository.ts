import { asFen, type Fen } from '@water/contract/money';
import type { OrderQuery, OrderState, RefundQuery } from '@water/contract/orders';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machines } from '../machines/machines.read-model.ts';
import { members } from '../members/members.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { orderKeys, orders, refunds } from './orders.schema.ts';

export const orderSortable = {
  createTime: orders.createTime,
  payable: orders.payable,
  paid: orders.paid,
  state: orders.state,
};
export const orderOrder = [desc(orders.createTime), desc(orders.id)];
export const refundSortable = { createTime: refunds.createTime, amount: refunds.amount, status: refunds.status };
export const refundOrder = [desc(refunds.createTime), desc(refunds.id)];

export type OrderRecord = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderRow = OrderRecord & {
  serialNo: string;
  siteName: string | null;
  agentName: string;
  memberPhone: string | null;
};
export type RefundRecord = typeof refunds.$inferSelect;
export type RefundRow = RefundRecord & { agentName: string; serialNo: string };

/** Where an order lies: its id and its time (the key of its month's partition). */
export interface OrderKey {
  id: number;
  time: Date;
}

export type OrderFilter = Omit<OrderQuery, 'page' | 'size' | 'createTime'>;

/** The orders of a time range within reach that match a list's filters. */
function matching(agentIds: readonly number[] | null, range: { from: Date; to: Date }, query: OrderFilter) {
  const blurry = query.blurry?.trim();
  return and(
    gte(orders.createTime, range.from),
    lt(orders.createTime, range.to),
    agentIds === null ? undefined : inArray(orders.agentId, agentIds.length > 0 ? [...agentIds] : [0]),
    blurry ? or(eq(orders.orderNo, blurry), eq(orders.machineOrderNo, blurry)) : undefined,
    query.agentId ? eq(orders.agentId, query.agentId) : undefined,
    query.siteId ? eq(orders.siteId, query.siteId) : undefined,
    query.machineId ? eq(orders.machineId, query.machineId) : undefined,
    query.memberId ? eq(orders.memberId, query.memberId) : undefined,
    query.channel ? eq(orders.channel, query.channel) : undefined,
    query.state ? eq(orders.state, query.state) : undefined,
  );
}

const agentName = sql<string>`(SELECT d.name FROM ${agents} a JOIN ${depts} d ON d.id = a.dept_id WHERE a.id = ${orders.agentId})`;
const orderColumns = {
  order: orders,
  serialNo: machines.serialNo,
  siteName: sites.name,
  agentName,
  memberPhone: members.phone,
};

function selectOrders(db: Database) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(machines, eq(machines.id, orders.machineId))
    .leftJoin(sites, eq(sites.id, orders.siteId))
    .leftJoin(members, eq(members.id, orders.memberId))
    .$dynamic();
}

const flattenOrder = (row: {
  order: OrderRecord;
  serialNo: string;
  siteName: string | null;
  agentName: string;
  memberPhone: string | null;
}): OrderRow => ({
  ...row.order,
  serialNo: row.serialNo,
  siteName: row.siteName,
  agentName: row.agentName,
  memberPhone: row.memberPhone,
});

const refundAgentName = sql<string>`(SELECT d.name FROM ${agents} a JOIN ${depts} d ON d.id = a.dept_id WHERE a.id = ${refunds.agentId})`;

export const ordersRepository = {
  async keyOf(db: Database, machineId: number, machineOrderNo: string): Promise<OrderKey | undefined> {
    const [row] = await db
      .select({ id: orderKeys.orderId, time: orderKeys.orderTime })
      .from(orderKeys)
      .where(and(eq(orderKeys.machineId, machineId), eq(orderKeys.machineOrderNo, machineOrderNo)));
    return row;
  },

  /** Forgets the machines' order numbers of orders made before `before` (their months were dropped). */
  async forgetKeysBefore(db: Database, before: Date): Promise<void> {
    await db.delete(orderKeys).where(lt(orderKeys.orderTime, before));
  },

  /**
   * Claims the machine's number for a new order, numbered from the orders' sequence in the same
   * statement; undefined when another request claimed it first.
   */
  async claimKey(db: Database, values: Omit<typeof orderKeys.$inferInsert, 'orderId'>): Promise<number | undefined> {
    const [claimed] = await db
      .insert(orderKeys)
      .values({ ...values, orderId: sql`nextval('biz_order_id_seq')` })
      .onConflictDoNothing()
      .returning({ id: orderKeys.orderId });
    return claimed?.id;
  },

  async insertOrder(db: Database, values: NewOrder): Promise<OrderRecord> {
    const [row] = await db.insert(orders).values(values).returning();
    return row as OrderRecord;
  },

  async order(db: Database, key: OrderKey, lock = false): Promise<OrderRecord | undefined> {
    const query = db
      .select()
      .from(orders)
      .where(and(eq(orders.id, key.id), eq(orders.createTime, key.time)));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },

  /** A machine's order by the machine's own number, locked for a change: one round trip. */
  async lockedByMachineNo(db: Database, machineId: number, machineOrderNo: string): Promise<OrderRecord | undefined> {
    const [row] = await db
      .select({ order: orders })
      .from(orderKeys)
      .innerJoin(orders, and(eq(orders.id, orderKeys.orderId), eq(orders.createTime, orderKeys.orderTime)))
      .where(and(eq(orderKeys.machineId, machineId), eq(orderKeys.machineOrderNo, machineOrderNo)))
      .for('update', { of: orders });
    return row?.order;
  },

  async updateOrder(db: Database, key: OrderKey, values: Partial<NewOrder>): Promise<void> {
    await db
      .update(orders)
      .set(values)
      .where(and(eq(orders.id, key.id), eq(orders.createTime, key.time)));
  },

  /** Closes the orders still unpaid that arrived before `before`; answers those it closed. */
  async closeUnpaid(db: Database, move: { from: readonly OrderState[]; to: OrderState }, before: Date, now: Date) {
    return db
      .update(orders)
      .set({ state: move.to, closeTime: now, updateTime: now })
      .where(and(inArray(orders.state, [...move.from]), lt(orders.receivedTime, before)))
      .returning({ id: orders.id, createTime: orders.createTime, couponId: orders.couponId });
  },

  async page(
    db: Database,
    agentIds: readonly number[] | null,
    range: { from: Date; to: Date },
    query: OrderFilter,
    paging: Paging,
  ): Promise<{ content: OrderRow[]; totalElements: number }> {
    const where = matching(agentIds, range, query);
    const { content, totalElements } = await pageOf(
      selectOrders(db).where(where).$dynamic(),
      db.select({ n: count() }).from(orders).where(where),
      paging,
    );
    return { content: content.map(flattenOrder), totalElements };
  },

  async count(db: Database, agentIds: readonly number[] | null, range: { from: Date; to: Date }, query: OrderFilter) {
    const [total] = await db
      .select({ n: count() })
      .from(orders)
      .where(matching(agentIds, range, query));
    return total?.n ?? 0;
  },

  /** The count and sums of the orders of a time range within reach that match a list's filters. */
  async totals(db: Database, agentIds: readonly number[] | null, range: { from: Date; to: Date }, query: OrderFilter) {
    const sum = (column: typeof orders.paid | typeof orders.payable) =>
      sql`coalesce(sum(${column}), 0)::bigint`.mapWith(fenOf);
    const [row] = await db
      .select({ orders: count(), payable: sum(orders.payable), paid: sum(orders.paid), refunded: sum(orders.refunded) })
      .from(orders)
      .where(matching(agentIds, range, query));
    return row ?? { orders: 0, payable: asFen(0), paid: asFen(0), refunded: asFen(0) };
  },

  /** The agents, sites and machines of these agents (null: every one), by name, for the orders' filters. */
  async filterOptions(db: Database, agentIds: readonly number[] | null) {
    const among = (column: Parameters<typeof inArray>[0]) =>
      agentIds === null ? undefined : inArray(column, agentIds.length > 0 ? [...agentIds] : [0]);
    const [agentRows, siteRows, machineRows] = await Promise.all([
      db
        .select({ id: agents.id, name: depts.name })
        .from(agents)
        .innerJoin(depts, eq(depts.id, agents.deptId))
        .where(among(agents.id))
        .orderBy(asc(depts.name), asc(agents.id)),
      db
        .select({ id: sites.id, name: sites.name, agentId: sites.agentId })
        .from(sites)
        .where(among(sites.agentId))
        .orderBy(asc(sites.name), asc(sites.id)),
      db
        .select({ id: machines.id, serialNo: machines.serialNo, siteId: machines.siteId })
        .from(machines)
        .where(among(machines.agentId))
        .orderBy(asc(machines.serialNo)),
    ]);
    return { agents: agentRows, sites: siteRows, machines: machineRows };
  },

  /** The next orders after one, oldest first: a long export read a batch at a time without offsets. */
  async batchAfter(
    db: Database,
    agentIds: readonly number[] | null,
    range: { from: Date; to: Date },
    query: OrderFilter,
    after: OrderKey | null,
    limit: number,
  ): Promise<OrderRow[]> {
    const rows = await selectOrders(db)
      .where(
        and(
          matching(agentIds, range, query),
          after
            ? or(gt(orders.createTime, after.time), and(eq(orders.createTime, after.time), gt(orders.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(orders.createTime), asc(orders.id))
      .limit(limit);
    return rows.map(flattenOrder);
  },

  /** An order by our number, looked for in the days its number names. */
  async byOrderNo(db: Database, orderNo: string, from: Date, to: Date): Promise<OrderRow | undefined> {
    const [row] = await selectOrders(db).where(
      and(eq(orders.orderNo, orderNo), gte(orders.createTime, from), lt(orders.createTime, to)),
    );
    return row && flattenOrder(row);
  },

  async refundsOf(db: Database, orderId: number): Promise<RefundRow[]> {
    const rows = await db
      .select({ refund: refunds, agentName: refundAgentName, serialNo: machines.serialNo })
      .from(refunds)
      .innerJoin(machines, eq(machines.id, refunds.machineId))
      .where(eq(refunds.orderId, orderId))
      .orderBy(refunds.id);
    return rows.map((row) => ({ ...row.refund, agentName: row.agentName, serialNo: row.serialNo }));
  },

  /** Fen of an order's refunds still waiting for review. */
  async pendingRefunds(db: Database, orderId: number): Promise<Fen> {
    const [row] = await db
      .select({ sum: sql<Fen>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['PENDING', 'SENT'])));
    return row?.sum ?? asFen(0);
  },

  async insertRefund(db: Database, values: typeof refunds.$inferInsert): Promise<RefundRecord> {
    const [row] = await db.insert(refunds).values(values).returning();
    return row as RefundRecord;
  },

  async refund(db: Database, id: number, lock = false): Promise<(RefundRecord & { deptId: number }) | undefined> {
    const query = db
      .select({ refund: refunds, deptId: agents.deptId })
      .from(refunds)
      .innerJoin(agents, eq(agents.id, refunds.agentId))
      .where(eq(refunds.id, id));
    const [row] = await (lock ? query.for('update', { of: refunds }) : query);
    return row && { ...row.refund, deptId: row.deptId };
  },

  async updateRefund(db: Database, id: number, values: Partial<typeof refunds.$inferInsert>): Promise<void> {
    await db.update(refunds).set(values).where(eq(refunds.id, id));
  },

  async refundPage(
    db: Database,
    agentIds: readonly number[] | null,
    range: { from: Date; to: Date } | undefined,
    query: Omit<RefundQuery, 'page' | 'size' | 'createTime'>,
    paging: Paging,
  ): Promise<{ content: RefundRow[]; totalElements: number }> {
    const where: SQL | undefined = and(
      range ? and(gte(refunds.createTime, range.from), lt(refunds.createTime, range.to)) : undefined,
      agentIds === null ? undefined : inArray(refunds.agentId, agentIds.length > 0 ? [...agentIds] : [0]),
      containsText([refunds.refundNo, refunds.orderNo], query.blurry),
      query.status ? eq(refunds.status, query.status) : undefined,
      query.reason ? eq(refunds.reason, query.reason) : undefined,
      query.agentId ? eq(refunds.agentId, query.agentId) : undefined,
    );
    const { content, totalElements } = await pageOf(
      db
        .select({ refund: refunds, agentName: refundAgentName, serialNo: machines.serialNo })
        .from(refunds)
        .innerJoin(machines, eq(machines.id, refunds.machineId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(refunds).where(where),
      paging,
    );
    return {
      content: content.map((row) => ({ ...row.refund, agentName: row.agentName, serialNo: row.serialNo })),
      totalElements,
    };
  },

  /**
   * The orders paid from `from` until `to` whose agent path holds an agent (its own and those of
   * the agents beneath it), a page at a time, the latest first; with their paths' rates and what
   * each level has earned.
   */
  async commissionOrders(
    db: Database,
    agentId: number,
    from: Date,
    to: Date,
    paging: { limit: number; offset: number },
  ) {
    const where = and(
      sql`${orders.agentPath} LIKE ${`%/${agentId}/%`}`,
      gte(orders.paidTime, from),
      lt(orders.paidTime, to),
      // Orders are paid within minutes of being made (a late payment earns nothing): a day's margin.
      gte(orders.createTime, new Date(from.getTime() - 86_400_000)),
      lt(orders.createTime, to),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          orderNo: orders.orderNo,
          paidTime: orders.paidTime,
          channel: orders.channel,
          state: orders.state,
          paid: orders.paid,
          refunded: orders.refunded,
          agentPath: orders.agentPath,
          pathRates: orders.pathRates,
          commissionRate: orders.commissionRate,
          heldAgentIds: orders.heldAgentIds,
          commissionFen: orders.commissionFen,
        })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.paidTime), desc(orders.id))
        .limit(paging.limit)
        .offset(paging.offset),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The names of some agents, by id. */
  async agentNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: agents.id, name: depts.name })
      .from(agents)
      .innerJoin(depts, eq(depts.id, agents.deptId))
      .where(inArray(agents.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name]));
  },
};
