import type { ChannelKind, DeliveryState, MessageLanguage, NotifyEvent } from '@water/contract/notifications';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from '../../db/columns.ts';
import type { TextRef } from '../../lib/texts.ts';
import { agents } from '../agents/agents.schema.ts';

/**
 * A channel messages go out on. Its address (a robot's address holds the robot's key) and its
 * signing secret are kept encrypted (`lib/secret-box.ts`); `targetMasked` is what answers show.
 */
export const notifyChannels = pgTable('biz_notify_channel', {
  id: id(),
  name: varchar('name', { length: 64 }).notNull(),
  kind: varchar('kind', { length: 16 }).$type<ChannelKind>().notNull(),
  target: text('target').notNull(),
  targetMasked: varchar('target_masked', { length: 1000 }).notNull(),
  secret: text('secret'),
  language: varchar('language', { length: 4 }).$type<MessageLanguage>().notNull().default('zh'),
  ratePerMinute: integer('rate_per_minute').notNull().default(20),
  digestSeconds: integer('digest_seconds').notNull().default(10),
  enabled: boolean('enabled').notNull().default(true),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
});

/** Sends an event of an agent's machines (and its sub-agents'), or of every agent, to a channel. */
export const notifyRules = pgTable('biz_notify_rule', {
  id: id(),
  event: varchar('event', { length: 32 }).$type<NotifyEvent>().notNull(),
  agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
  channelId: integer('channel_id')
    .notNull()
    .references(() => notifyChannels.id, { onDelete: 'restrict' }),
  escalationChannelId: integer('escalation_channel_id').references(() => notifyChannels.id, { onDelete: 'restrict' }),
  escalateAfterMinutes: integer('escalate_after_minutes'),
  enabled: boolean('enabled').notNull().default(true),
  createTime: ts('create_time').notNull().defaultNow(),
});

/** An event waiting on a channel to be gathered with the others of its window into one message. */
export const notifyItems = pgTable(
  'biz_notify_item',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notifyChannels.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 32 }).$type<NotifyEvent>().notNull(),
    /** What the event says, written in the channel's language when the message is made. */
    says: jsonb('says').$type<TextRef>().notNull(),
    /** Set for an escalation: the minutes its alarm went unacknowledged. */
    escalatedAfter: integer('escalated_after'),
    createTime: ts('create_time').notNull(),
  },
  (t) => [index('biz_notify_item_channel_idx').on(t.channelId, t.createTime)],
);

/** An alarm to look at again when its time is up: still open, it goes to the escalation channel, once. */
export const notifyEscalations = pgTable(
  'biz_notify_escalation',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notifyChannels.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 32 }).$type<NotifyEvent>().notNull(),
    says: jsonb('says').$type<TextRef>().notNull(),
    minutes: integer('minutes').notNull(),
    dueTime: ts('due_time').notNull(),
  },
  (t) => [
    uniqueIndex('biz_notify_escalation_uq').on(t.alarmId, t.channelId),
    index('biz_notify_escalation_due_idx').on(t.dueTime),
  ],
);

/**
 * A message of a channel, and the log of its sending: tried at once, then again after 1, 2 and
 * 4 minutes, given up after the fourth failure. `lastAttemptTime` counts it in the channel's rate.
 */
export const notifyDeliveries = pgTable(
  'biz_notify_delivery',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notifyChannels.id, { onDelete: 'cascade' }),
    events: varchar('events', { length: 200 }).notNull(),
    itemCount: integer('item_count').notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    body: text('body').notNull(),
    escalation: boolean('escalation').notNull().default(false),
    state: varchar('state', { length: 16 }).$type<DeliveryState>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: varchar('error', { length: 500 }),
    createTime: ts('create_time').notNull(),
    sentTime: ts('sent_time'),
    lastAttemptTime: ts('last_attempt_time'),
    nextAttemptTime: ts('next_attempt_time'),
  },
  (t) => [
    index('biz_notify_delivery_due_idx').on(t.state, t.nextAttemptTime),
    index('biz_notify_delivery_channel_idx').on(t.channelId, t.lastAttemptTime),
  ],
);
