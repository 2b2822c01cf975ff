import type { WorkOrderQuery, WorkOrderType } from '@water/contract/work-orders';
import { OPEN_WORK_ORDER_STATES } from '@water/contract/work-orders';
import { and, asc, count, desc, eq, inArray, isNull, lte, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { holdersOf } from '../../domain/permission-holders.ts';
import { between, containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { alarms } from '../alarms/alarms.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machines, stickerIs } from '../machines/machines.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { users } from '../users/users.read-model.ts';
import { technicianRegions, workOrderAlarms, workOrderSteps, workOrders } from './workorders.schema.ts';

export const workOrderSortable = {
  id: workOrders.id,
  createTime: workOrders.createTime,
  doneTime: workOrders.doneTime,
};
export const workOrderOrder = [desc(workOrders.createTime), desc(workOrders.id)];

export type WorkOrderRecord = typeof workOrders.$inferSelect;
export type WorkOrderRow = WorkOrderRecord & {
  serialNo: string;
  agentName: string | null;
  siteName: string | null;
  siteAddress: string | null;
  latitude: number | null;
  longitude: number | null;
  technicianName: string | null;
  deptId: number | null;
};
export type NewStep = typeof workOrderSteps.$inferInsert;

const isOpen = inArray(workOrders.state, [...OPEN_WORK_ORDER_STATES]);

/** Who may see which orders: staff an agent scope (null: all), a technician only their own. */
export interface OrderReach {
  agentIds: readonly number[] | null;
  technicianId: number | null;
}

function matching(reach: OrderReach, query: Omit<WorkOrderQuery, 'page' | 'size'>): SQL | undefined {
  const { agentIds, technicianId } = reach;
  return and(
    agentIds === null ? undefined : inArray(workOrders.agentId, agentIds.length > 0 ? [...agentIds] : [0]),
    technicianId === null ? undefined : eq(workOrders.technicianId, technicianId),
    containsText([machines.serialNo], query.blurry),
    query.state ? eq(workOrders.state, query.state) : undefined,
    query.open ? isOpen : undefined,
    query.type ? eq(workOrders.type, query.type) : undefined,
    query.priority ? eq(workOrders.priority, query.priority) : undefined,
    query.technicianId ? eq(workOrders.technicianId, query.technicianId) : undefined,
    query.agentId ? eq(workOrders.agentId, query.agentId) : undefined,
    query.machineId ? eq(workOrders.machineId, query.machineId) : undefined,
    between(workOrders.createTime, query.createTime),
  );
}

const rowColumns = {
  order: workOrders,
  serialNo: machines.serialNo,
  agentName: depts.name,
  deptId: agents.deptId,
  siteName: sites.name,
  siteAddress: sites.address,
  latitude: sql<number | null>`${sites.latitude}::float8`,
  longitude: sql<number | null>`${sites.longitude}::float8`,
  technicianName: users.nickName,
};

function joined(db: Database) {
  return db
    .select(rowColumns)
    .from(workOrders)
    .innerJoin(machines, eq(machines.id, workOrders.machineId))
    .leftJoin(agents, eq(agents.id, workOrders.agentId))
    .leftJoin(depts, eq(depts.id, agents.deptId))
    .leftJoin(sites, eq(sites.id, machines.siteId))
    .leftJoin(users, eq(users.id, workOrders.technicianId))
    .$dynamic();
}

type Joined = { order: WorkOrderRecord } & Omit<WorkOrderRow, keyof WorkOrderRecord>;
const flat = ({ order, ...rest }: Joined): WorkOrderRow => ({ ...order, ...rest });

export const workOrdersRepository = {
  async page(db: Database, reach: OrderReach, query: Omit<WorkOrderQuery, 'page' | 'size'>, paging: Paging) {
    const where = matching(reach, query);
    const { content, totalElements } = await pageOf(
      joined(db).where(where),
      db
        .select({ n: count() })
        .from(workOrders)
        .innerJoin(machines, eq(machines.id, workOrders.machineId))
        .where(where),
      paging,
    );
    return { content: content.map(flat), totalElements };
  },

  async byId(db: Database, id: number): Promise<WorkOrderRow | undefined> {
    const [row] = await joined(db).where(eq(workOrders.id, id));
    return row && flat(row);
  },

  /** The order for an update, locked until the unit of work ends. */
  async lock(db: Database, id: number): Promise<WorkOrderRecord | undefined> {
    const [row] = await db.select().from(workOrders).where(eq(workOrders.id, id)).for('update');
    return row;
  },

  async insert(db: Database, values: typeof workOrders.$inferInsert): Promise<WorkOrderRecord> {
    const [row] = await db.insert(workOrders).values(values).returning();
    return row as WorkOrderRecord;
  },

  async update(db: Database, id: number, values: Partial<typeof workOrders.$inferInsert>): Promise<void> {
    await db.update(workOrders).set(values).where(eq(workOrders.id, id));
  },

  /** The open order of that type of a machine. */
  async openOf(db: Database, machineId: number, type: WorkOrderType): Promise<WorkOrderRecord | undefined> {
    const [row] = await db
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.machineId, machineId), eq(workOrders.type, type), isOpen));
    return row;
  },

  async addStep(db: Database, step: NewStep): Promise<void> {
    await db.insert(workOrderSteps).values(step);
  },

  async steps(db: Database, orderId: number) {
    return db.select().from(workOrderSteps).where(eq(workOrderSteps.orderId, orderId)).orderBy(asc(workOrderSteps.id));
  },

  async linkAlarm(db: Database, orderId: number, alarmId: number): Promise<void> {
    await db.insert(workOrderAlarms).values({ orderId, alarmId }).onConflictDoNothing();
  },

  async alarmIds(db: Database, orderId: number): Promise<number[]> {
    const rows = await db
      .select({ id: workOrderAlarms.alarmId })
      .from(workOrderAlarms)
      .where(eq(workOrderAlarms.orderId, orderId))
      .orderBy(asc(workOrderAlarms.alarmId));
    return rows.map((row) => row.id);
  },

  /**
   * Alarms not resolved, open for at least their type's delay (`delays`: type → ms), that no
   * order answers yet, oldest first, with their machine.
   */
  async alarmsWithoutOrder(db: Database, now: Date, delays: ReadonlyMap<string, number>) {
    const due = [...delays].map(([type, ms]) =>
      and(eq(alarms.type, type as never), lte(alarms.firstTime, new Date(now.getTime() - ms))),
    );
    if (due.length === 0) return [];
    return db
      .select({
        id: alarms.id,
        type: alarms.type,
        machineId: alarms.machineId,
        agentId: machines.agentId,
        siteId: machines.siteId,
        serialNo: machines.serialNo,
      })
      .from(alarms)
      .innerJoin(machines, eq(machines.id, alarms.machineId))
      .leftJoin(workOrderAlarms, eq(workOrderAlarms.alarmId, alarms.id))
      .where(and(ne(alarms.state, 'RESOLVED'), isNull(workOrderAlarms.alarmId), or(...due)))
      .orderBy(asc(alarms.firstTime), asc(alarms.id))
      .limit(500);
  },

  /** The machine of a sticker code (any case), with where it stands and how it is. */
  async machineBySticker(db: Database, code: string) {
    const [row] = await db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        stickerCode: machines.stickerCode,
        agentId: machines.agentId,
        siteId: machines.siteId,
        deptId: agents.deptId,
        siteName: sites.name,
        siteAddress: sites.address,
        latitude: sql<number | null>`${sites.latitude}::float8`,
        longitude: sql<number | null>`${sites.longitude}::float8`,
        online: machines.online,
        tdsOut: machines.tdsOut,
      })
      .from(machines)
      .leftJoin(agents, eq(agents.id, machines.agentId))
      .leftJoin(sites, eq(sites.id, machines.siteId))
      .where(stickerIs(code));
    return row;
  },

  /** Whether a machine is in a technician's region: its agent's, or one of their sites. */
  async inRegion(db: Database, userId: number, machine: { agentId: number | null; siteId: number | null }) {
    const [row] = await db
      .select({ n: count() })
      .from(technicianRegions)
      .where(
        and(
          eq(technicianRegions.userId, userId),
          or(
            machine.agentId === null ? undefined : eq(technicianRegions.agentId, machine.agentId),
            machine.siteId === null ? undefined : eq(technicianRegions.siteId, machine.siteId),
          ) ?? sql`false`,
        ),
      );
    return (row?.n ?? 0) > 0;
  },

  /** The machines named, with where they stand. */
  async machinesByIds(db: Database, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        agentId: machines.agentId,
        siteId: machines.siteId,
        deptId: agents.deptId,
      })
      .from(machines)
      .leftJoin(agents, eq(agents.id, machines.agentId))
      .where(inArray(machines.id, [...ids]));
  },

  /**
   * The enabled technicians whose region holds a machine (its agent, or its site), with how many
   * orders assigned to them are open, fewest first, then by id.
   */
  async regionTechnicians(db: Database, machine: { agentId: number | null; siteId: number | null }) {
    const inRegion = or(
      machine.agentId === null ? undefined : eq(technicianRegions.agentId, machine.agentId),
      machine.siteId === null ? undefined : eq(technicianRegions.siteId, machine.siteId),
    );
    if (!inRegion) return [];
    const openCount = sql<number>`(SELECT count(*) FROM ${workOrders} WHERE ${workOrders.technicianId} = ${users.id}
      AND ${workOrders.state} NOT IN ('DONE', 'CANCELLED'))`.mapWith(Number);
    return db
      .selectDistinct({ id: users.id, open: openCount })
      .from(technicianRegions)
      .innerJoin(users, eq(users.id, technicianRegions.userId))
      .where(and(inRegion, eq(users.enabled, true)))
      .orderBy(asc(openCount), asc(users.id));
  },

  /** The regions of users, and their open orders. */
  async regionsOf(db: Database, userIds: readonly number[]) {
    if (userIds.length === 0) return { regions: [], open: new Map<number, number>() };
    const [regions, open] = await Promise.all([
      db
        .select({
          userId: technicianRegions.userId,
          agentId: technicianRegions.agentId,
          siteId: technicianRegions.siteId,
          agentName: depts.name,
          siteName: sites.name,
        })
        .from(technicianRegions)
        .leftJoin(agents, eq(agents.id, technicianRegions.agentId))
        .leftJoin(depts, eq(depts.id, agents.deptId))
        .leftJoin(sites, eq(sites.id, technicianRegions.siteId))
        .where(inArray(technicianRegions.userId, [...userIds]))
        .orderBy(asc(technicianRegions.siteId)),
      db
        .select({ id: workOrders.technicianId, n: count() })
        .from(workOrders)
        .where(and(inArray(workOrders.technicianId, [...userIds]), isOpen))
        .groupBy(workOrders.technicianId),
    ]);
    return { regions, open: new Map(open.map((row) => [row.id as number, row.n])) };
  },

  async setRegion(db: Database, userId: number, agentId: number | null, siteIds: readonly number[]): Promise<void> {
    await db.delete(technicianRegions).where(eq(technicianRegions.userId, userId));
    const rows = agentId !== null ? [{ userId, agentId }] : siteIds.map((siteId) => ({ userId, siteId }));
    if (rows.length > 0) await db.insert(technicianRegions).values(rows);
  },

  /** Users by id with their names, enabled or not. */
  async usersByIds(db: Database, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: users.id, username: users.username, nickName: users.nickName, enabled: users.enabled })
      .from(users)
      .where(inArray(users.id, [...ids]));
  },

  async agentExists(db: Database, id: number): Promise<boolean> {
    const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, id));
    return row !== undefined;
  },

  async existingSites(db: Database, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: sites.id })
      .from(sites)
      .where(inArray(sites.id, [...ids]));
    return rows.map((row) => row.id);
  },

  /** When a machine's last order was done (cancelled and reopened ones do not count). */
  async lastDone(db: Database, machineId: number): Promise<Date | null> {
    const [row] = await db
      .select({ at: max(workOrders.doneTime).mapWith((value: string | Date) => new Date(value)) })
      .from(workOrders)
      .where(and(eq(workOrders.machineId, machineId), eq(workOrders.state, 'DONE')));
    return row?.at ?? null;
  },

  /** Of these machines, those with orders done and waiting for their next readings (the partial index answers). */
  async awaitingReadingsAmong(db: Database, machineIds: readonly number[]): Promise<Set<number>> {
    if (machineIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ machineId: workOrders.machineId })
      .from(workOrders)
      .where(and(inArray(workOrders.machineId, [...machineIds]), eq(workOrders.awaitingReadings, true)));
    return new Set(rows.map((row) => row.machineId));
  },

  /** A machine's orders done and waiting for its next readings, locked for the unit of work. */
  async awaitingReadings(db: Database, machineId: number): Promise<WorkOrderRecord[]> {
    return db
      .select()
      .from(workOrders)
      .where(
        and(eq(workOrders.machineId, machineId), eq(workOrders.state, 'DONE'), eq(workOrders.awaitingReadings, true)),
      )
      .for('update');
  },

  /** The enabled users holding a permission through their roles (all of them, or those named). */
  /** The users who may work orders (or hold another permission). */
  holders: holdersOf,
};
