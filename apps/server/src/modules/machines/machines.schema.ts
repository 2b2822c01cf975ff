import type { Allocation, Lifecycle, MachineModel } from '@water/contract/machines';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from '../../db/columns.ts';
import { agents } from '../agents/agents.schema.ts';
import { sites } from '../sites/sites.schema.ts';

/** A kind of machine: taps, water, tank, output and how it bills. */
export const machineModels = pgTable(
  'biz_machine_model',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    taps: integer('taps').notNull().default(1),
    /** `COLD`, `HOT` or `COLD,HOT`. */
    waterTypes: varchar('water_types', { length: 16 }).$type<MachineModel['waterTypes']>().notNull().default('COLD'),
    tankLitres: integer('tank_litres').notNull(),
    outputLph: integer('output_lph').notNull(),
    /** `FLOW` (by volume) or `TIME`. */
    billing: varchar('billing', { length: 8 }).$type<MachineModel['billing']>().notNull().default('FLOW'),
    pulsesPerLitre: integer('pulses_per_litre').notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('biz_machine_model_code_uq').on(sql`lower(${t.code})`)],
);

/**
 * A water machine: what it is, who holds it and where it stands (lifecycle), and how it is
 * (runtime, from its reports) kept apart.
 */
export const machines = pgTable(
  'biz_machine',
  {
    id: id(),
    serialNo: varchar('serial_no', { length: 64 }).notNull(),
    /** The code printed on its sticker, which consumers scan. */
    stickerCode: varchar('sticker_code', { length: 64 }).notNull(),
    imei: varchar('imei', { length: 32 }),
    iccid: varchar('iccid', { length: 32 }),
    modelId: integer('model_id')
      .notNull()
      .references(() => machineModels.id, { onDelete: 'restrict' }),
    firmware: varchar('firmware', { length: 64 }),
    /** The agent holding it; null while in the company's stock. */
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'restrict' }),
    /** IN_STOCK → ALLOCATED → OPERATING ⇄ SUSPENDED → RETIRED → (IN_STOCK | SCRAPPED). */
    lifecycle: varchar('lifecycle', { length: 16 }).$type<Lifecycle>().notNull().default('IN_STOCK'),
    installedAt: ts('installed_at'),
    activatedAt: ts('activated_at'),
    warrantyEnd: date('warranty_end', { mode: 'string' }),
    /** The hash of the machine's gateway secret (shown once, at registration). */
    secretHash: varchar('secret_hash', { length: 128 }),
    // Runtime, from the machine's reports.
    online: boolean('online').notNull().default(false),
    lastHeartbeat: ts('last_heartbeat'),
    signal: integer('signal'),
    temperature: numeric('temperature', { precision: 4, scale: 1, mode: 'string' }),
    tdsIn: integer('tds_in'),
    tdsOut: integer('tds_out'),
    tankLevel: integer('tank_level'),
    makingWater: boolean('making_water'),
    doorOpen: boolean('door_open'),
    faultBits: integer('fault_bits').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('biz_machine_serial_uq').on(sql`lower(${t.serialNo})`),
    uniqueIndex('biz_machine_sticker_uq').on(sql`lower(${t.stickerCode})`),
    index('biz_machine_agent_idx').on(t.agentId),
    index('biz_machine_site_idx').on(t.siteId),
  ],
);

/** Every allocation, recall and transfer of machines between agents, in batches. */
export const machineAllocations = pgTable(
  'biz_machine_allocation',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    /** `ALLOCATE` (from stock), `RECALL` (back to stock) or `TRANSFER` (between agents). */
    action: varchar('action', { length: 16 }).$type<Allocation['action']>().notNull(),
    fromAgentId: integer('from_agent_id'),
    toAgentId: integer('to_agent_id'),
    note: varchar('note', { length: 500 }),
    createBy: varchar('create_by', { length: 255 }),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('biz_machine_allocation_machine_idx').on(t.machineId),
    index('biz_machine_allocation_batch_idx').on(t.batchNo),
  ],
);
