import { asFen } from '@water/contract/money';
import { index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { fenTotal, id, ts } from '../../db/columns.ts';
import { agents } from '../agents/agents.schema.ts';

/** A consumer known by phone or payment openid, and the agent that acquired them. */
export const members = pgTable(
  'biz_member',
  {
    id: id(),
    phone: varchar('phone', { length: 32 }),
    openid: varchar('openid', { length: 64 }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    /**
     * Paid orders, fen paid less refunds, and the last paid order's time, at every agent (what
     * unrestricted staff see; `biz_member_total` has them per agent): kept as orders are paid and
     * refunded.
     */
    orderCount: integer('order_count').notNull().default(0),
    paidTotal: fenTotal('paid_total').notNull().default(asFen(0)),
    lastOrderTime: ts('last_order_time'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('biz_member_phone_uq').on(t.phone),
    uniqueIndex('biz_member_openid_uq').on(t.openid),
    index('biz_member_agent_idx').on(t.agentId, t.createTime),
  ],
);

/**
 * A member's figures at one agent (the agent an order was sold under): what the staff of an agent
 * see of a member who also buys elsewhere. Kept with the member's own (global) figures, by the
 * same writer, as orders are paid and refunded.
 */
export const memberTotals = pgTable(
  'biz_member_total',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    /** Paid orders, fen paid less refunds, and the last paid order's time, at this agent. */
    orderCount: integer('order_count').notNull().default(0),
    paidTotal: fenTotal('paid_total').notNull().default(asFen(0)),
    lastOrderTime: ts('last_order_time'),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.agentId] }),
    index('biz_member_total_agent_idx').on(t.agentId, t.memberId),
  ],
);
