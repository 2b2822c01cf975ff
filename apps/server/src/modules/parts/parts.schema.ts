import type { HolderKind, MovementKind, PartKind } from '@water/contract/parts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from '../../db/columns.ts';

/** The parts catalogue: filters and spare parts, without prices (technicians read it). */
export const parts = pgTable(
  'biz_part',
  {
    id: id(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<PartKind>().notNull(),
    /** A filter's stage code (PP, CARBON, RO, …). */
    stage: varchar('stage', { length: 16 }),
    unit: varchar('unit', { length: 16 }).notNull(),
    reorderPoint: integer('reorder_point').notNull().default(0),
    /** The warehouses' stock is at or below the reorder point and the alert was raised for it. */
    low: boolean('low').notNull().default(false),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('biz_part_code_uq').on(t.code)],
);

export const warehouses = pgTable('biz_warehouse', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull(),
  address: varchar('address', { length: 255 }).notNull().default(''),
  createTime: ts('create_time').notNull().defaultNow(),
});

/** How many of a part a holder (a warehouse or a technician) has: never below zero. */
export const stock = pgTable(
  'biz_stock',
  {
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    holderKind: varchar('holder_kind', { length: 16 }).$type<HolderKind>().notNull(),
    holderId: integer('holder_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.holderKind, t.holderId] }),
    index('biz_stock_holder_idx').on(t.holderKind, t.holderId),
    check('biz_stock_quantity_ck', sql`${t.quantity} >= 0`),
  ],
);

/** Every change of stock, who made it and when: append-only. */
export const stockMovements = pgTable(
  'biz_stock_movement',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: varchar('kind', { length: 8 }).$type<MovementKind>().notNull(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    fromKind: varchar('from_kind', { length: 16 }).$type<HolderKind>(),
    fromId: integer('from_id'),
    toKind: varchar('to_kind', { length: 16 }).$type<HolderKind>(),
    toId: integer('to_id'),
    workOrderId: bigint('work_order_id', { mode: 'number' }),
    note: varchar('note', { length: 255 }),
    createBy: varchar('create_by', { length: 255 }).notNull(),
    createTime: ts('create_time').notNull(),
  },
  (t) => [
    index('biz_stock_movement_part_idx').on(t.partId, t.id),
    index('biz_stock_movement_from_idx').on(t.fromKind, t.fromId),
    index('biz_stock_movement_to_idx').on(t.toKind, t.toId),
  ],
);
