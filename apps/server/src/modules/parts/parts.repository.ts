import type { Holder, MovementQuery, StockQuery } from '@water/contract/parts';
import { WORK_ORDER_PERMISSIONS } from '@water/contract/work-orders';
import { and, asc, count, desc, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { holdersOf } from '../../domain/permission-holders.ts';
import { type Paging, pageOf } from '../../lib/list-query.ts';
import { users } from '../users/users.read-model.ts';
import { parts, stock, stockMovements, warehouses } from './parts.schema.ts';

export type PartRow = typeof parts.$inferSelect;
export type WarehouseRow = typeof warehouses.$inferSelect;
export type MovementRow = typeof stockMovements.$inferSelect;

export const movementOrder = [desc(stockMovements.id)];
export const movementSortable = { createTime: stockMovements.createTime, id: stockMovements.id };

const onWarehouses = eq(stock.holderKind, 'WAREHOUSE');
const holderIs = (holder: Holder) => and(eq(stock.holderKind, holder.kind), eq(stock.holderId, holder.id));

/** All SQL of parts and stock, on the module's own tables (users read through their read model). */
export const partsRepository = {
  /** Every part with what the warehouses hold of it together. */
  async parts(db: Database) {
    const totals = db
      .select({ partId: stock.partId, total: sql<number>`sum(${stock.quantity})::int`.as('total') })
      .from(stock)
      .where(onWarehouses)
      .groupBy(stock.partId)
      .as('totals');
    return db
      .select({ part: parts, warehouseStock: sql<number>`coalesce(${totals.total}, 0)`.mapWith(Number) })
      .from(parts)
      .leftJoin(totals, eq(totals.partId, parts.id))
      .orderBy(asc(parts.code));
  },

  async part(db: Database, id: number): Promise<PartRow | undefined> {
    const [row] = await db.select().from(parts).where(eq(parts.id, id));
    return row;
  },

  /** The part, its row locked: movements of one part take their turns (the low flag stays true). */
  async lockPart(db: Database, id: number): Promise<PartRow | undefined> {
    const [row] = await db.select().from(parts).where(eq(parts.id, id)).for('update');
    return row;
  },

  async partsByIds(db: Database, ids: readonly number[]): Promise<PartRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(parts)
      .where(inArray(parts.id, [...ids]));
  },

  async codeTaken(db: Database, code: string, exceptId?: number): Promise<boolean> {
    const [row] = await db.select({ id: parts.id }).from(parts).where(eq(parts.code, code));
    return row !== undefined && row.id !== exceptId;
  },

  async insertPart(db: Database, values: typeof parts.$inferInsert): Promise<PartRow> {
    const [row] = await db.insert(parts).values(values).returning();
    return row as PartRow;
  },

  async updatePart(db: Database, id: number, values: Partial<typeof parts.$inferInsert>): Promise<PartRow | undefined> {
    const [row] = await db.update(parts).set(values).where(eq(parts.id, id)).returning();
    return row;
  },

  async warehouseTotal(db: Database, partId: number): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${stock.quantity}), 0)`.mapWith(Number) })
      .from(stock)
      .where(and(eq(stock.partId, partId), onWarehouses));
    return row?.total ?? 0;
  },

  async warehouses(db: Database): Promise<WarehouseRow[]> {
    return db.select().from(warehouses).orderBy(asc(warehouses.id));
  },

  async warehouse(db: Database, id: number): Promise<WarehouseRow | undefined> {
    const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id));
    return row;
  },

  async insertWarehouse(db: Database, values: typeof warehouses.$inferInsert): Promise<WarehouseRow> {
    const [row] = await db.insert(warehouses).values(values).returning();
    return row as WarehouseRow;
  },

  async updateWarehouse(db: Database, id: number, values: Partial<typeof warehouses.$inferInsert>) {
    const [row] = await db.update(warehouses).set(values).where(eq(warehouses.id, id)).returning();
    return row;
  },

  /** The technicians among `ids`: enabled users who may work orders. */
  technicians: (db: Database, ids?: readonly number[]) => holdersOf(db, WORK_ORDER_PERMISSIONS.work, ids),

  /** Users by id, for the names of technicians who held stock (also those no longer technicians). */
  async userNames(db: Database, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: users.id, username: users.username, nickName: users.nickName })
      .from(users)
      .where(inArray(users.id, [...ids]));
  },

  async held(db: Database, partId: number, holder: Holder): Promise<number> {
    const [row] = await db
      .select({ quantity: stock.quantity })
      .from(stock)
      .where(and(eq(stock.partId, partId), holderIs(holder)));
    return row?.quantity ?? 0;
  },

  async add(db: Database, partId: number, holder: Holder, quantity: number): Promise<void> {
    await db
      .insert(stock)
      .values({ partId, holderKind: holder.kind, holderId: holder.id, quantity })
      .onConflictDoUpdate({
        target: [stock.partId, stock.holderKind, stock.holderId],
        set: { quantity: sql`${stock.quantity} + ${quantity}` },
      });
  },

  /** Takes `quantity` when the holder has that many, in one statement; false when it has fewer. */
  async take(db: Database, partId: number, holder: Holder, quantity: number): Promise<boolean> {
    const rows = await db
      .update(stock)
      .set({ quantity: sql`${stock.quantity} - ${quantity}` })
      .where(and(eq(stock.partId, partId), holderIs(holder), gte(stock.quantity, quantity)))
      .returning({ quantity: stock.quantity });
    return rows.length > 0;
  },

  async stock(db: Database, query: StockQuery) {
    return db
      .select({
        partId: stock.partId,
        code: parts.code,
        name: parts.name,
        unit: parts.unit,
        holderKind: stock.holderKind,
        holderId: stock.holderId,
        quantity: stock.quantity,
      })
      .from(stock)
      .innerJoin(parts, eq(parts.id, stock.partId))
      .where(
        and(
          gt(stock.quantity, 0),
          query.holderKind === undefined ? undefined : eq(stock.holderKind, query.holderKind),
          query.holderId === undefined ? undefined : eq(stock.holderId, query.holderId),
          query.partId === undefined ? undefined : eq(stock.partId, query.partId),
        ),
      )
      .orderBy(asc(stock.holderKind), asc(stock.holderId), asc(parts.code));
  },

  async insertMovement(db: Database, values: typeof stockMovements.$inferInsert): Promise<MovementRow> {
    const [row] = await db.insert(stockMovements).values(values).returning();
    return row as MovementRow;
  },

  async movementPage(db: Database, query: MovementQuery, paging: Paging) {
    const { holderKind, holderId } = query;
    const side = (kind: PgColumn, id: PgColumn) =>
      and(
        holderKind === undefined ? undefined : eq(kind, holderKind),
        holderId === undefined ? undefined : eq(id, holderId),
      );
    const where = and(
      query.partId === undefined ? undefined : eq(stockMovements.partId, query.partId),
      query.kind === undefined ? undefined : eq(stockMovements.kind, query.kind),
      holderKind === undefined && holderId === undefined
        ? undefined
        : or(side(stockMovements.fromKind, stockMovements.fromId), side(stockMovements.toKind, stockMovements.toId)),
    );
    return pageOf(
      db
        .select({ movement: stockMovements, code: parts.code, name: parts.name })
        .from(stockMovements)
        .innerJoin(parts, eq(parts.id, stockMovements.partId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(stockMovements).where(where),
      paging,
    );
  },
};
