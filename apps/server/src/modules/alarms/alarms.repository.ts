import type { AlarmQuery, AlarmType } from '@water/contract/alarms';
import { and, count, desc, eq, gt, gte, inArray, lt, max, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { between, containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import type { TextRef } from '../../lib/texts.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machines } from '../machines/machines.read-model.ts';
import { salesHourly } from '../sales/sales.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { alarms } from './alarms.schema.ts';

export const alarmSortable = { firstTime: alarms.firstTime, lastTime: alarms.lastTime, type: alarms.type };
export const alarmOrder = [desc(alarms.lastTime), desc(alarms.id)];

export type AlarmRecord = typeof alarms.$inferSelect;
export type AlarmRow = AlarmRecord & { serialNo: string; agentName: string | null; siteName: string | null };

function matching(agentIds: readonly number[] | null, query: Omit<AlarmQuery, 'page' | 'size'>): SQL | undefined {
  return and(
    agentIds === null ? undefined : inArray(alarms.agentId, agentIds.length > 0 ? [...agentIds] : [0]),
    containsText([machines.serialNo], query.blurry),
    query.type ? eq(alarms.type, query.type) : undefined,
    query.state ? eq(alarms.state, query.state) : undefined,
    query.unresolved ? ne(alarms.state, 'RESOLVED') : undefined,
    query.agentId ? eq(alarms.agentId, query.agentId) : undefined,
    query.machineId ? eq(alarms.machineId, query.machineId) : undefined,
    between(alarms.firstTime, query.firstTime, 'firstTime'),
  );
}

export const alarmsRepository = {
  /** Opens an alarm unless one of that machine and type is open; answers it when it opened now. */
  async raise(
    db: Database,
    values: {
      machineId: number;
      agentId: number | null;
      type: AlarmType;
      detail: string | null;
      detailText: TextRef | null;
      at: Date;
    },
  ): Promise<AlarmRecord | undefined> {
    const [opened] = await db
      .insert(alarms)
      .values({ ...values, firstTime: values.at, lastTime: values.at })
      .onConflictDoNothing({ target: [alarms.machineId, alarms.type], where: sql`${alarms.state} <> 'RESOLVED'` })
      .returning();
    return opened;
  },

  /** Counts one more raise of the open alarm of that machine and type: its id, or undefined when none is open. */
  async countAgain(
    db: Database,
    values: { machineId: number; type: AlarmType; detail: string | null; detailText: TextRef | null; at: Date },
  ): Promise<number | undefined> {
    const [counted] = await db
      .update(alarms)
      .set({
        count: sql`${alarms.count} + 1`,
        lastTime: values.at,
        detail: values.detail,
        detailText: values.detailText,
      })
      .where(and(eq(alarms.machineId, values.machineId), eq(alarms.type, values.type), ne(alarms.state, 'RESOLVED')))
      .returning({ id: alarms.id });
    return counted?.id;
  },

  /** Resolves the open alarm of that machine and type, if there is one. */
  async resolve(db: Database, machineId: number, type: AlarmType, at: Date): Promise<boolean> {
    const resolved = await db
      .update(alarms)
      .set({ state: 'RESOLVED', resolvedTime: at, lastTime: at })
      .where(and(eq(alarms.machineId, machineId), eq(alarms.type, type), ne(alarms.state, 'RESOLVED')))
      .returning({ id: alarms.id });
    return resolved.length > 0;
  },

  /** Resolves the open alarms of that type of any of the machines. */
  async resolveMany(db: Database, machineIds: readonly number[], type: AlarmType, at: Date): Promise<void> {
    if (machineIds.length === 0) return;
    await db
      .update(alarms)
      .set({ state: 'RESOLVED', resolvedTime: at, lastTime: at })
      .where(and(inArray(alarms.machineId, [...machineIds]), eq(alarms.type, type), ne(alarms.state, 'RESOLVED')));
  },

  /**
   * Operating machines installed before `since` and their open NO_SALES alarm, split by whether
   * they sold anything (a paid order in the hourly roll-ups) since then.
   */
  async salesSince(db: Database, since: Date) {
    const sold = db
      .selectDistinct({ machineId: salesHourly.machineId })
      .from(salesHourly)
      .where(
        and(
          gte(salesHourly.hour, new Date(Math.floor(since.getTime() / 3_600_000) * 3_600_000)),
          gt(salesHourly.orders, 0),
        ),
      );
    const soldIds = new Set((await sold).map((row) => row.machineId));
    const operating = await db
      .select({ id: machines.id, serialNo: machines.serialNo, agentId: machines.agentId })
      .from(machines)
      .where(and(eq(machines.lifecycle, 'OPERATING'), lt(machines.installedAt, since)));
    return {
      silent: operating.filter((machine) => !soldIds.has(machine.id)),
      selling: operating.filter((machine) => soldIds.has(machine.id)),
    };
  },

  /** When the latest alarm of that type of each of the machines opened (machines without one left out). */
  async latestOfType(db: Database, type: AlarmType, machineIds: readonly number[]): Promise<Map<number, Date>> {
    if (machineIds.length === 0) return new Map();
    const rows = await db
      .select({ machineId: alarms.machineId, at: max(alarms.firstTime) })
      .from(alarms)
      .where(and(eq(alarms.type, type), inArray(alarms.machineId, [...machineIds])))
      .groupBy(alarms.machineId);
    return new Map(rows.flatMap((row) => (row.at ? [[row.machineId, row.at] as const] : [])));
  },

  /** The machines with an alarm of that type not yet resolved. */
  async openOfType(db: Database, type: AlarmType): Promise<Set<number>> {
    const rows = await db
      .select({ machineId: alarms.machineId })
      .from(alarms)
      .where(and(eq(alarms.type, type), ne(alarms.state, 'RESOLVED')));
    return new Set(rows.map((row) => row.machineId));
  },

  async deptOfAgent(db: Database, agentId: number | null): Promise<number | null> {
    if (agentId === null) return null;
    const [row] = await db.select({ deptId: agents.deptId }).from(agents).where(eq(agents.id, agentId));
    return row?.deptId ?? null;
  },

  async page(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<AlarmQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: AlarmRow[]; totalElements: number }> {
    const where = matching(agentIds, query);
    const { content, totalElements } = await pageOf(
      db
        .select({
          alarm: alarms,
          serialNo: machines.serialNo,
          agentName: depts.name,
          siteName: sites.name,
        })
        .from(alarms)
        .innerJoin(machines, eq(machines.id, alarms.machineId))
        .leftJoin(agents, eq(agents.id, alarms.agentId))
        .leftJoin(depts, eq(depts.id, agents.deptId))
        .leftJoin(sites, eq(sites.id, machines.siteId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(alarms).innerJoin(machines, eq(machines.id, alarms.machineId)).where(where),
      paging,
    );
    return {
      content: content.map((row) => ({
        ...row.alarm,
        serialNo: row.serialNo,
        agentName: row.agentName,
        siteName: row.siteName,
      })),
      totalElements,
    };
  },

  async byIds(db: Database, ids: readonly number[]) {
    return db
      .select({ id: alarms.id, state: alarms.state, deptId: agents.deptId })
      .from(alarms)
      .leftJoin(agents, eq(agents.id, alarms.agentId))
      .where(inArray(alarms.id, [...ids]));
  },

  async setState(db: Database, ids: readonly number[], values: Partial<AlarmRecord>) {
    await db
      .update(alarms)
      .set(values)
      .where(inArray(alarms.id, [...ids]));
  },
};
