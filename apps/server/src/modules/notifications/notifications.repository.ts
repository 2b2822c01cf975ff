import type { DeliveryState, NotifyEvent } from '@water/contract/notifications';
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { alarms } from '../alarms/alarms.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import {
  notifyChannels,
  notifyDeliveries,
  notifyEscalations,
  notifyItems,
  notifyRules,
} from './notifications.schema.ts';

export type ChannelRow = typeof notifyChannels.$inferSelect;
export type DeliveryRow = typeof notifyDeliveries.$inferSelect;

export const channelOrder = [asc(notifyChannels.id)];
export const channelSortable = { name: notifyChannels.name, id: notifyChannels.id };
export const ruleOrder = [asc(notifyRules.id)];
export const deliveryOrder = [desc(notifyDeliveries.id)];
export const deliverySortable = { createTime: notifyDeliveries.createTime, id: notifyDeliveries.id };

const escalationChannels = alias(notifyChannels, 'escalation_channel');
const ruleColumns = {
  id: notifyRules.id,
  event: notifyRules.event,
  agentId: notifyRules.agentId,
  agentName: depts.name,
  channelId: notifyRules.channelId,
  channelName: notifyChannels.name,
  escalationChannelId: notifyRules.escalationChannelId,
  escalationChannelName: escalationChannels.name,
  escalateAfterMinutes: notifyRules.escalateAfterMinutes,
  enabled: notifyRules.enabled,
  createTime: notifyRules.createTime,
};
const deliveryColumns = {
  id: notifyDeliveries.id,
  channelId: notifyDeliveries.channelId,
  channelName: notifyChannels.name,
  events: notifyDeliveries.events,
  itemCount: notifyDeliveries.itemCount,
  subject: notifyDeliveries.subject,
  escalation: notifyDeliveries.escalation,
  state: notifyDeliveries.state,
  attempts: notifyDeliveries.attempts,
  error: notifyDeliveries.error,
  createTime: notifyDeliveries.createTime,
  sentTime: notifyDeliveries.sentTime,
  nextAttemptTime: notifyDeliveries.nextAttemptTime,
};

const rulesJoined = (db: Database) =>
  db
    .select(ruleColumns)
    .from(notifyRules)
    .innerJoin(notifyChannels, eq(notifyChannels.id, notifyRules.channelId))
    .leftJoin(escalationChannels, eq(escalationChannels.id, notifyRules.escalationChannelId))
    .leftJoin(agents, eq(agents.id, notifyRules.agentId))
    .leftJoin(depts, eq(depts.id, agents.deptId));

export const notificationsRepository = {
  // ------------------------------------------------------------ channels
  channelPage: (db: Database, paging: Paging) =>
    pageOf(db.select().from(notifyChannels).$dynamic(), db.select({ n: count() }).from(notifyChannels), paging),

  async channelById(db: Database, id: number) {
    const [row] = await db.select().from(notifyChannels).where(eq(notifyChannels.id, id));
    return row;
  },

  async insertChannel(db: Database, values: typeof notifyChannels.$inferInsert) {
    const [row] = await db.insert(notifyChannels).values(values).returning();
    return row as ChannelRow;
  },

  async updateChannel(db: Database, id: number, values: Partial<typeof notifyChannels.$inferInsert>) {
    const [row] = await db.update(notifyChannels).set(values).where(eq(notifyChannels.id, id)).returning();
    return row;
  },

  async deleteChannel(db: Database, id: number) {
    await db.delete(notifyChannels).where(eq(notifyChannels.id, id));
  },

  async rulesUsing(db: Database, channelId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(notifyRules)
      .where(or(eq(notifyRules.channelId, channelId), eq(notifyRules.escalationChannelId, channelId)));
    return row?.n ?? 0;
  },

  // ------------------------------------------------------------ rules
  /** The rules of agents in `reach` (null: every rule). */
  rulePage(db: Database, reach: readonly number[] | null, paging: Paging) {
    const where = reach === null ? undefined : reach.length > 0 ? inArray(notifyRules.agentId, [...reach]) : sql`false`;
    return pageOf(
      rulesJoined(db).where(where).$dynamic(),
      db.select({ n: count() }).from(notifyRules).where(where),
      paging,
    );
  },

  async ruleById(db: Database, id: number) {
    const [row] = await rulesJoined(db).where(eq(notifyRules.id, id));
    return row;
  },

  async insertRule(db: Database, values: typeof notifyRules.$inferInsert) {
    const [row] = await db.insert(notifyRules).values(values).returning({ id: notifyRules.id });
    return (row as { id: number }).id;
  },

  async updateRule(db: Database, id: number, values: Partial<typeof notifyRules.$inferInsert>) {
    const [row] = await db
      .update(notifyRules)
      .set(values)
      .where(eq(notifyRules.id, id))
      .returning({ id: notifyRules.id });
    return row !== undefined;
  },

  async deleteRule(db: Database, id: number) {
    await db.delete(notifyRules).where(eq(notifyRules.id, id));
  },

  async agentExists(db: Database, id: number) {
    const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, id));
    return row !== undefined;
  },

  /** An agent and its parents (read in the caller's transaction: a rule for a parent covers it). */
  async agentAndParents(db: Database, agentId: number): Promise<number[]> {
    const path: number[] = [];
    let next: number | null = agentId;
    while (next !== null && path.length < 32) {
      path.push(next);
      const [row]: { parentId: number | null }[] = await db
        .select({ parentId: agents.parentId })
        .from(agents)
        .where(eq(agents.id, next));
      next = row?.parentId ?? null;
    }
    return path;
  },

  /** The enabled rules of an event whose agent is one of `agentIds` or who cover every agent. */
  matchingRules: (db: Database, event: NotifyEvent, agentIds: readonly number[]) =>
    db
      .select({
        channelId: notifyRules.channelId,
        escalationChannelId: notifyRules.escalationChannelId,
        escalateAfterMinutes: notifyRules.escalateAfterMinutes,
      })
      .from(notifyRules)
      .innerJoin(notifyChannels, eq(notifyChannels.id, notifyRules.channelId))
      .where(
        and(
          eq(notifyRules.event, event),
          eq(notifyRules.enabled, true),
          eq(notifyChannels.enabled, true),
          agentIds.length > 0
            ? or(isNull(notifyRules.agentId), inArray(notifyRules.agentId, [...agentIds]))
            : isNull(notifyRules.agentId),
        ),
      ),

  // ------------------------------------------------------------ items and escalations
  async addItems(db: Database, values: (typeof notifyItems.$inferInsert)[]) {
    if (values.length > 0) await db.insert(notifyItems).values(values);
  },

  async addEscalations(db: Database, values: (typeof notifyEscalations.$inferInsert)[]) {
    if (values.length > 0) await db.insert(notifyEscalations).values(values).onConflictDoNothing();
  },

  /** Escalations due, with whether their alarm is still open (neither acknowledged nor resolved). */
  dueEscalations: (db: Database, now: Date) =>
    db
      .select({
        id: notifyEscalations.id,
        channelId: notifyEscalations.channelId,
        event: notifyEscalations.event,
        says: notifyEscalations.says,
        minutes: notifyEscalations.minutes,
        open: sql<boolean>`coalesce(${alarms.state} = 'OPEN', false)`,
      })
      .from(notifyEscalations)
      .leftJoin(alarms, eq(alarms.id, notifyEscalations.alarmId))
      .where(lte(notifyEscalations.dueTime, now))
      .limit(1000),

  async removeEscalations(db: Database, ids: readonly number[]) {
    if (ids.length > 0) await db.delete(notifyEscalations).where(inArray(notifyEscalations.id, [...ids]));
  },

  /** The channels with events waiting, and when the first of them came. */
  waitingChannels: (db: Database) =>
    db
      .select({
        channelId: notifyItems.channelId,
        first: sql<Date>`min(${notifyItems.createTime})`.mapWith(notifyItems.createTime),
      })
      .from(notifyItems)
      .groupBy(notifyItems.channelId)
      .orderBy(asc(notifyItems.channelId)),

  itemsOf: (db: Database, channelId: number) =>
    db.select().from(notifyItems).where(eq(notifyItems.channelId, channelId)).orderBy(asc(notifyItems.id)),

  async removeItems(db: Database, ids: readonly number[]) {
    if (ids.length > 0) await db.delete(notifyItems).where(inArray(notifyItems.id, [...ids]));
  },

  // ------------------------------------------------------------ deliveries
  async insertDelivery(db: Database, values: typeof notifyDeliveries.$inferInsert) {
    const [row] = await db.insert(notifyDeliveries).values(values).returning();
    return row as DeliveryRow;
  },

  async updateDelivery(db: Database, id: number, values: Partial<typeof notifyDeliveries.$inferInsert>) {
    await db.update(notifyDeliveries).set(values).where(eq(notifyDeliveries.id, id));
  },

  /** Marks a message queued for its next attempt (not due any more) unless that attempt was made already. */
  async markQueued(db: Database, id: number, attemptsBefore: number) {
    await db
      .update(notifyDeliveries)
      .set({ nextAttemptTime: null })
      .where(and(eq(notifyDeliveries.id, id), eq(notifyDeliveries.attempts, attemptsBefore)));
  },

  /**
   * Claims attempt `attempt` of a pending message: counted and stamped, due again at `retryTime`
   * should it be cut off; undefined when that attempt was claimed already or the message is done.
   */
  async claimAttempt(db: Database, id: number, attempt: number, now: Date, retryTime: Date) {
    const [row] = await db
      .update(notifyDeliveries)
      .set({ attempts: attempt, lastAttemptTime: now, nextAttemptTime: retryTime })
      .where(
        and(
          eq(notifyDeliveries.id, id),
          eq(notifyDeliveries.state, 'PENDING' satisfies DeliveryState),
          eq(notifyDeliveries.attempts, attempt - 1),
        ),
      )
      .returning();
    return row as DeliveryRow | undefined;
  },

  /** Attempts a channel made since `since`, its messages waiting for their first attempt, and those queued. */
  async channelLoad(db: Database, channelId: number, since: Date) {
    const [row] = await db
      .select({
        recent: sql<number>`count(*) filter (where ${notifyDeliveries.lastAttemptTime} > ${since})`.mapWith(Number),
        queued:
          sql<number>`count(*) filter (where ${notifyDeliveries.state} = 'PENDING' and ${notifyDeliveries.attempts} = 0)`.mapWith(
            Number,
          ),
        inFlight:
          sql<number>`count(*) filter (where ${notifyDeliveries.state} = 'PENDING' and ${notifyDeliveries.nextAttemptTime} is null)`.mapWith(
            Number,
          ),
      })
      .from(notifyDeliveries)
      .where(eq(notifyDeliveries.channelId, channelId));
    return { recent: row?.recent ?? 0, queued: row?.queued ?? 0, inFlight: row?.inFlight ?? 0 };
  },

  dueDeliveries: (db: Database, now: Date) =>
    db
      .select()
      .from(notifyDeliveries)
      .where(
        and(eq(notifyDeliveries.state, 'PENDING' satisfies DeliveryState), lte(notifyDeliveries.nextAttemptTime, now)),
      )
      .orderBy(asc(notifyDeliveries.nextAttemptTime), asc(notifyDeliveries.id))
      .limit(500),

  async deliveryAnswer(db: Database, id: number) {
    const [row] = await db
      .select(deliveryColumns)
      .from(notifyDeliveries)
      .innerJoin(notifyChannels, eq(notifyChannels.id, notifyDeliveries.channelId))
      .where(eq(notifyDeliveries.id, id));
    return row;
  },

  deliveryPage(db: Database, filter: { channelId?: number; state?: DeliveryState }, paging: Paging) {
    const where = and(
      filter.channelId === undefined ? undefined : eq(notifyDeliveries.channelId, filter.channelId),
      filter.state === undefined ? undefined : eq(notifyDeliveries.state, filter.state),
    );
    return pageOf(
      db
        .select(deliveryColumns)
        .from(notifyDeliveries)
        .innerJoin(notifyChannels, eq(notifyChannels.id, notifyDeliveries.channelId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(notifyDeliveries).where(where),
      paging,
    );
  },
};
