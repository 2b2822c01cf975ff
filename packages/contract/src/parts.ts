import Type, { type Static } from 'typebox';
import { DateTime, Id, nullable, OneOf, PageQuery } from './common.ts';

/**
 * Parts and stock: the catalogue (no prices: technicians read it), who holds how many, and every
 * movement. Technicians read their own stock (workorder:work) and use it on their orders.
 */
export const PART_PERMISSIONS = {
  list: 'part:list',
  /** Add and change parts and warehouses. */
  edit: 'part:edit',
  /** Receive, transfer and adjust stock. */
  move: 'stock:move',
} as const;

export const PART_KINDS = ['FILTER', 'SPARE'] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** The filter stages a filter part may be made for (machine models list their stages by these codes). */
export const FILTER_STAGE_CODES = ['PP', 'CARBON', 'UF', 'RO', 'POST_CARBON', 'MINERAL'] as const;

/** Who holds stock: a warehouse, or a technician (a user who works orders). */
export const HOLDER_KINDS = ['WAREHOUSE', 'TECHNICIAN'] as const;
export type HolderKind = (typeof HOLDER_KINDS)[number];

export const MOVEMENT_KINDS = ['RECEIVE', 'TRANSFER', 'USE', 'ADJUST'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

const Quantity = Type.Integer({ minimum: 1, maximum: 1_000_000 });

export const PartInput = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 40 }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    kind: OneOf(PART_KINDS),
    /** With a filter: the stage it is made for. */
    stage: Type.Optional(nullable<string>('string', { maxLength: 16 })),
    unit: Type.String({ minLength: 1, maxLength: 16 }),
    /** At or below this many in the warehouses together, the part is low. */
    reorderPoint: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export type PartInput = Static<typeof PartInput>;

export const Part = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  kind: OneOf(PART_KINDS),
  stage: Type.Union([Type.String(), Type.Null()]),
  unit: Type.String(),
  reorderPoint: Type.Integer(),
  /** How many the warehouses hold together. */
  warehouseStock: Type.Integer(),
  /** Warehouse stock at or below the reorder point. */
  low: Type.Boolean(),
});
export type Part = Static<typeof Part>;

export const WarehouseInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    address: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type WarehouseInput = Static<typeof WarehouseInput>;

export const Warehouse = Type.Object({ id: Type.Integer(), name: Type.String(), address: Type.String() });
export type Warehouse = Static<typeof Warehouse>;

export const Holder = Type.Object({ kind: OneOf(HOLDER_KINDS), id: Id() }, { additionalProperties: false });
export type Holder = Static<typeof Holder>;

/** How many of a part one holder has. */
export const StockLine = Type.Object({
  partId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  holderKind: OneOf(HOLDER_KINDS),
  holderId: Type.Integer(),
  holderName: Type.String(),
  quantity: Type.Integer(),
});
export type StockLine = Static<typeof StockLine>;

export const StockQuery = Type.Object({
  holderKind: Type.Optional(OneOf(HOLDER_KINDS)),
  holderId: Type.Optional(Id()),
  partId: Type.Optional(Id()),
});
export type StockQuery = Static<typeof StockQuery>;

export const Receive = Type.Object(
  { partId: Id(), warehouseId: Id(), quantity: Quantity, note: Type.Optional(Type.String({ maxLength: 255 })) },
  { additionalProperties: false },
);
export type Receive = Static<typeof Receive>;

export const Transfer = Type.Object(
  {
    partId: Id(),
    from: Holder,
    to: Holder,
    quantity: Quantity,
    note: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type Transfer = Static<typeof Transfer>;

/** A count corrected: `change` added (or taken when negative), with the reason. */
export const Adjust = Type.Object(
  {
    partId: Id(),
    holder: Holder,
    change: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
    note: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type Adjust = Static<typeof Adjust>;

export const Movement = Type.Object({
  id: Type.Integer(),
  kind: OneOf(MOVEMENT_KINDS),
  partId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** How many moved (an adjustment: added, or taken when negative). */
  quantity: Type.Integer(),
  fromKind: Type.Union([OneOf(HOLDER_KINDS), Type.Null()]),
  fromId: Type.Union([Type.Integer(), Type.Null()]),
  fromName: Type.Union([Type.String(), Type.Null()]),
  toKind: Type.Union([OneOf(HOLDER_KINDS), Type.Null()]),
  toId: Type.Union([Type.Integer(), Type.Null()]),
  toName: Type.Union([Type.String(), Type.Null()]),
  workOrderId: Type.Union([Type.Integer(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  createBy: Type.String(),
  createTime: DateTime,
});
export type Movement = Static<typeof Movement>;

export const MovementQuery = Type.Object({
  ...PageQuery.properties,
  partId: Type.Optional(Id()),
  kind: Type.Optional(OneOf(MOVEMENT_KINDS)),
  holderKind: Type.Optional(OneOf(HOLDER_KINDS)),
  holderId: Type.Optional(Id()),
});
export type MovementQuery = Static<typeof MovementQuery>;
