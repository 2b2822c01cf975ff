import type { AgentLevel, AgentStatus } from '@water/contract/agents';
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from '../../db/columns.ts';
import { depts } from '../depts/depts.schema.ts';

/**
 * An agent of the business: a department of the tree that sells through machines, with its
 * terms. Every business row carries the agent's department, so the data scope of roles applies.
 */
export const agents = pgTable(
  'biz_agent',
  {
    id: id(),
    /** The agent's own department (its staff belong to it); one agent per department. */
    deptId: integer('dept_id')
      .notNull()
      .references(() => depts.id, { onDelete: 'restrict' }),
    /** The agent it was created beneath; null for a top-level agent. */
    parentId: integer('parent_id'),
    code: varchar('code', { length: 32 }).notNull(),
    /** PLATFORM, PROVINCE, CITY, DISTRICT or DEALER: deeper than the parent's. */
    level: varchar('level', { length: 16 }).$type<AgentLevel>().notNull(),
    contactName: varchar('contact_name', { length: 64 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 32 }).notNull(),
    region: varchar('region', { length: 255 }),
    /** Percent of an order's net amount, two decimals; never above the parent's. */
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    machineQuota: integer('machine_quota').notNull().default(0),
    /** Machines the agent holds now, kept by allocation. */
    quotaUsed: integer('quota_used').notNull().default(0),
    settlementAccount: varchar('settlement_account', { length: 128 }),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    /** PENDING_REVIEW → ACTIVE ⇄ FROZEN → TERMINATED. */
    status: varchar('status', { length: 16 }).$type<AgentStatus>().notNull().default('PENDING_REVIEW'),
    reviewNote: varchar('review_note', { length: 500 }),
    reviewedBy: varchar('reviewed_by', { length: 255 }),
    reviewTime: ts('review_time'),
    ...audit,
  },
  (t) => [
    uniqueIndex('biz_agent_dept_uq').on(t.deptId),
    uniqueIndex('biz_agent_code_uq').on(sql`lower(${t.code})`),
    index('biz_agent_parent_idx').on(t.parentId),
  ],
);
