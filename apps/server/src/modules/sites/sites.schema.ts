import type { Site } from '@water/contract/sites';
import { date, index, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.ts';
import { agents } from '../agents/agents.schema.ts';

/** Where machines stand: a compound, a school, a factory…, held by an agent. */
export const sites = pgTable(
  'biz_site',
  {
    id: id(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    /** A value of the `site_type` dictionary. */
    type: varchar('type', { length: 32 }).notNull(),
    province: varchar('province', { length: 64 }),
    city: varchar('city', { length: 64 }),
    district: varchar('district', { length: 64 }),
    address: varchar('address', { length: 255 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'string' }),
    latitude: numeric('latitude', { precision: 8, scale: 6, mode: 'string' }),
    ownerName: varchar('owner_name', { length: 64 }),
    ownerPhone: varchar('owner_phone', { length: 32 }),
    /** `RENT` (a fixed monthly fee in fen) or `SHARE` (a percent of revenue). */
    feeType: varchar('fee_type', { length: 8 }).$type<Site['feeType']>().notNull().default('RENT'),
    /** Fen a month for a rent; hundredths of a percent for a share (1250 = 12.50 %). */
    feeValue: integer('fee_value').notNull().default(0),
    /** `ACTIVE` or `CLOSED`. */
    status: varchar('status', { length: 16 }).$type<Site['status']>().notNull().default('ACTIVE'),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    ...audit,
  },
  (t) => [index('biz_site_agent_idx').on(t.agentId)],
);
