import type { Allocation, Lifecycle, MachineModelQuery, MachineQuery } from '@water/contract/machines';
import { asFen } from '@water/contract/money';
import { and, asc, count, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { machineSettings } from '../commands/commands.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { salesDaily, salesHourly } from '../sales/sales.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { machineAllocations, machineModels, machines } from './machines.schema.ts';

export const modelSortable = { id: machineModels.id, code: machineModels.code, name: machineModels.name };
export const modelOrder = [asc(machineModels.code)];

export const machineSortable = {
  id: machines.id,
  serialNo: machines.serialNo,
  lifecycle: machines.lifecycle,
  lastHeartbeat: machines.lastHeartbeat,
  createTime: machines.createTime,
  settingsDriftSince: machineSettings.driftSince,
};
export const machineOrder = [desc(machines.id)];

export type ModelRow = typeof machineModels.$inferSelect & { machines: number };
export type MachineRow = typeof machines.$inferSelect & {
  modelName: string;
  agentName: string | null;
  siteName: string | null;
  settingsDriftSince: Date | null;
};
export type NewMachine = typeof machines.$inferInsert;

/** Machines the scope reaches: those of agents whose department it holds; the company's stock only unrestricted. */
function inScope(scope: ReadonlySet<number> | null): SQL | undefined {
  return scope === null ? undefined : inArray(agents.deptId, [...scope]);
}

export function matchingMachines(scope: ReadonlySet<number> | null, query: MachineQuery, now: Date): SQL | undefined {
  // Counted from the hourly roll-ups: a sale in the hour the period starts in still counts.
  const hourMs = 3_600_000;
  const since = query.noSalesHours
    ? new Date(Math.floor((now.getTime() - query.noSalesHours * hourMs) / hourMs) * hourMs)
    : undefined;
  return and(
    inScope(scope),
    containsText([machines.serialNo, machines.stickerCode, machines.imei], query.blurry),
    query.lifecycle ? eq(machines.lifecycle, query.lifecycle) : undefined,
    query.online === undefined ? undefined : eq(machines.online, query.online),
    query.agentId ? eq(machines.agentId, query.agentId) : undefined,
    query.modelId ? eq(machines.modelId, query.modelId) : undefined,
    query.siteId ? eq(machines.siteId, query.siteId) : undefined,
    query.drifting === undefined
      ? undefined
      : sql`${query.drifting ? sql`` : sql`NOT `}EXISTS (SELECT 1 FROM ${machineSettings} s WHERE s.machine_id = ${machines.id} AND s.drift_since IS NOT NULL)`,
    since
      ? sql`NOT EXISTS (SELECT 1 FROM ${salesHourly} h WHERE h.machine_id = ${machines.id} AND h.hour >= ${since} AND h.orders > 0)`
      : undefined,
    query.inStock === undefined
      ? undefined
      : query.inStock
        ? isNull(machines.agentId)
        : sql`${machines.agentId} IS NOT NULL`,
  );
}

const machineColumns = {
  machine: machines,
  modelName: machineModels.name,
  agentName: depts.name,
  siteName: sites.name,
  settingsDriftSince: machineSettings.driftSince,
};

function selectMachines(db: Database) {
  return db
    .select(machineColumns)
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.id, machines.modelId))
    .leftJoin(agents, eq(agents.id, machines.agentId))
    .leftJoin(depts, eq(depts.id, agents.deptId))
    .leftJoin(sites, eq(sites.id, machines.siteId))
    .leftJoin(machineSettings, eq(machineSettings.machineId, machines.id))
    .$dynamic();
}

const flatten = ({
  machine,
  ...joined
}: { machine: typeof machines.$inferSelect } & Omit<MachineRow, keyof typeof machines.$inferSelect>): MachineRow => ({
  ...machine,
  ...joined,
});

export const machinesRepository = {
  // ------------------------------------------------------------ models
  async modelPage(db: Database, query: MachineModelQuery, paging: Paging) {
    const where = containsText([machineModels.code, machineModels.name], query.blurry);
    const used = db
      .select({ modelId: machines.modelId, n: count().as('n') })
      .from(machines)
      .groupBy(machines.modelId)
      .as('used');
    const { content, totalElements } = await pageOf(
      db
        .select({ model: machineModels, machines: sql<number>`coalesce(${used.n}, 0)::int` })
        .from(machineModels)
        .leftJoin(used, eq(used.modelId, machineModels.id))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(machineModels).where(where),
      paging,
    );
    return {
      content: content.map((row): ModelRow => ({ ...row.model, machines: row.machines })),
      totalElements,
    };
  },

  modelById: async (db: Database, id: number) =>
    (await db.select().from(machineModels).where(eq(machineModels.id, id)))[0],

  modelCodeTaken: async (db: Database, code: string) =>
    (
      await db
        .select({ id: machineModels.id })
        .from(machineModels)
        .where(sql`lower(${machineModels.code}) = lower(${code})`)
    ).length > 0,

  insertModel: (db: Database, values: typeof machineModels.$inferInsert) => db.insert(machineModels).values(values),

  /** Answers whether the model was there to update. */
  async updateModel(db: Database, id: number, values: Partial<typeof machineModels.$inferInsert>): Promise<boolean> {
    const updated = await db
      .update(machineModels)
      .set(values)
      .where(eq(machineModels.id, id))
      .returning({ id: machineModels.id });
    return updated.length > 0;
  },

  /** The models among these that machines use. */
  modelsInUse: async (db: Database, ids: readonly number[]) =>
    db
      .selectDistinct({ id: machineModels.id, code: machineModels.code })
      .from(machines)
      .innerJoin(machineModels, eq(machineModels.id, machines.modelId))
      .where(inArray(machines.modelId, [...ids])),

  deleteModels: (db: Database, ids: readonly number[]) =>
    db.delete(machineModels).where(inArray(machineModels.id, [...ids])),

  // ------------------------------------------------------------ machines
  async machinePage(db: Database, scope: ReadonlySet<number> | null, query: MachineQuery, paging: Paging, now: Date) {
    const where = matchingMachines(scope, query, now);
    const { content, totalElements } = await pageOf(
      selectMachines(db).where(where).$dynamic(),
      db.select({ n: count() }).from(machines).leftJoin(agents, eq(agents.id, machines.agentId)).where(where),
      paging,
    );
    return { content: content.map(flatten), totalElements };
  },

  async machineById(db: Database, id: number): Promise<MachineRow | undefined> {
    const [row] = await selectMachines(db).where(eq(machines.id, id));
    return row && flatten(row);
  },

  /** What a machine last reported. */
  async runtimeOf(db: Database, id: number) {
    const [row] = await db
      .select({
        signal: machines.signal,
        temperature: machines.temperature,
        tdsIn: machines.tdsIn,
        tdsOut: machines.tdsOut,
        tankLevel: machines.tankLevel,
        makingWater: machines.makingWater,
        doorOpen: machines.doorOpen,
        faultBits: machines.faultBits,
      })
      .from(machines)
      .where(eq(machines.id, id));
    return row;
  },

  /** A machine's sales per hour from `since`, from the hourly roll-ups. */
  async hourlySales(db: Database, machineId: number, since: Date) {
    const rows = await db
      .select({
        at: salesHourly.hour,
        paid: sql<string>`sum(${salesHourly.paid})`,
        refunded: sql<string>`sum(${salesHourly.refunded})`,
        orders: sql<string>`sum(${salesHourly.orders})`,
        dispensedMl: sql<string>`sum(${salesHourly.dispensedMl})`,
      })
      .from(salesHourly)
      .where(and(eq(salesHourly.machineId, machineId), gte(salesHourly.hour, since)))
      .groupBy(salesHourly.hour);
    return rows.map((row) => ({ key: row.at.getTime(), ...sums(row) }));
  },

  /** A machine's sales per day (or month: `yyyy-MM`) from the day `since`, from the daily roll-ups. */
  async dailySales(db: Database, machineId: number, since: string, byMonth: boolean) {
    const key = byMonth ? sql<string>`substr(${salesDaily.day}::text, 1, 7)` : sql<string>`${salesDaily.day}::text`;
    const rows = await db
      .select({
        key,
        paid: sql<string>`sum(${salesDaily.paid})`,
        refunded: sql<string>`sum(${salesDaily.refunded})`,
        orders: sql<string>`sum(${salesDaily.orders})`,
        dispensedMl: sql<string>`sum(${salesDaily.dispensedMl})`,
      })
      .from(salesDaily)
      .where(and(eq(salesDaily.machineId, machineId), gte(salesDaily.day, since)))
      .groupBy(key);
    return rows.map((row) => ({ key: row.key, ...sums(row) }));
  },

  /** The department of each machine's agent (null for the company's stock), by machine id. */
  async holdersOf(db: Database, ids: readonly number[]) {
    return db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        lifecycle: machines.lifecycle,
        agentId: machines.agentId,
        deptId: agents.deptId,
      })
      .from(machines)
      .leftJoin(agents, eq(agents.id, machines.agentId))
      .where(inArray(machines.id, [...ids]));
  },

  /** Serial numbers or sticker codes already registered, among these. */
  async takenCodes(db: Database, codes: readonly string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const lower = codes.map((code) => code.toLowerCase());
    const rows = await db
      .select({ serialNo: machines.serialNo, stickerCode: machines.stickerCode })
      .from(machines)
      .where(or(inArray(sql`lower(${machines.serialNo})`, lower), inArray(sql`lower(${machines.stickerCode})`, lower)));
    return rows.flatMap((row) => [row.serialNo, row.stickerCode]).filter((code) => lower.includes(code.toLowerCase()));
  },

  /** Whether another machine has this code as its serial number or sticker code. */
  async codeTakenByAnother(db: Database, code: string, id: number): Promise<boolean> {
    const lower = code.toLowerCase();
    const rows = await db
      .select({ id: machines.id })
      .from(machines)
      .where(
        and(
          sql`${machines.id} <> ${id}`,
          or(eq(sql`lower(${machines.serialNo})`, lower), eq(sql`lower(${machines.stickerCode})`, lower)),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** A machine's registration corrected while it is in one of `states`; false when it is not (or gone). */
  async updateMachine(db: Database, id: number, states: readonly Lifecycle[], values: Partial<NewMachine>) {
    const changed = await db
      .update(machines)
      .set(values)
      .where(and(eq(machines.id, id), inArray(machines.lifecycle, [...states])))
      .returning({ id: machines.id });
    return changed.length > 0;
  },

  /** Every model, for an import to find models by their codes. */
  allModels: async (db: Database) => db.select({ id: machineModels.id, code: machineModels.code }).from(machineModels),

  /** Inserts machines in one transaction (all or none), a thousand a statement; answers their ids in order. */
  insertMachines: async (tx: Database, values: NewMachine[]) => {
    const ids: number[] = [];
    for (let start = 0; start < values.length; start += 1000) {
      const rows = await tx
        .insert(machines)
        .values(values.slice(start, start + 1000))
        .returning({ id: machines.id });
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  },

  insertMachine: async (db: Database, values: NewMachine) =>
    (await db.insert(machines).values(values).returning({ id: machines.id }))[0]!.id,

  /** The machines named, locked for a move in the caller's unit of work. */
  lockForMove: (tx: Database, ids: readonly number[]) =>
    tx
      .select({ id: machines.id, agentId: machines.agentId, lifecycle: machines.lifecycle })
      .from(machines)
      .where(inArray(machines.id, [...ids]))
      .for('update'),

  /** Machines moved to `toAgentId` (null: back to stock), with a line each in the allocation log. */
  async move(
    tx: Database,
    before: readonly { id: number; agentId: number | null }[],
    move: {
      toAgentId: number | null;
      lifecycle: Lifecycle;
      action: Allocation['action'];
      batchNo: string;
      note: string | null;
      by: string;
      now: Date;
    },
  ): Promise<void> {
    await tx
      .update(machines)
      .set({ agentId: move.toAgentId, lifecycle: move.lifecycle, updateBy: move.by, updateTime: move.now })
      .where(
        inArray(
          machines.id,
          before.map((row) => row.id),
        ),
      );
    await tx.insert(machineAllocations).values(
      before.map((row) => ({
        batchNo: move.batchNo,
        machineId: row.id,
        action: move.action,
        fromAgentId: row.agentId,
        toAgentId: move.toAgentId,
        note: move.note,
        createBy: move.by,
        createTime: move.now,
      })),
    );
  },

  /** A site as installing needs it: whose it is and whether it is open. */
  async siteById(db: Database, id: number) {
    const [row] = await db
      .select({ id: sites.id, agentId: sites.agentId, name: sites.name, status: sites.status })
      .from(sites)
      .where(eq(sites.id, id));
    return row;
  },

  /** The open sites of an agent, by name. */
  sitesOpenTo: (db: Database, agentId: number) =>
    db
      .select({ id: sites.id, name: sites.name, address: sites.address })
      .from(sites)
      .where(and(eq(sites.agentId, agentId), eq(sites.status, 'ACTIVE')))
      .orderBy(asc(sites.name), asc(sites.id)),

  /** Moves a machine along its lifecycle, if it is still where it was seen; false otherwise. */
  async setLifecycle(db: Database, id: number, from: Lifecycle, values: Partial<NewMachine>): Promise<boolean> {
    const changed = await db
      .update(machines)
      .set(values)
      .where(and(eq(machines.id, id), eq(machines.lifecycle, from)))
      .returning({ id: machines.id });
    return changed.length > 0;
  },

  /** A machine's allocation history, newest first, with the agents' names. */
  async allocationsOf(db: Database, machineId: number) {
    const rows = await db
      .select({
        allocation: machineAllocations,
        serialNo: machines.serialNo,
        from: sql<
          string | null
        >`(SELECT d.name FROM ${agents} a JOIN ${depts} d ON d.id = a.dept_id WHERE a.id = ${machineAllocations.fromAgentId})`,
        to: sql<
          string | null
        >`(SELECT d.name FROM ${agents} a JOIN ${depts} d ON d.id = a.dept_id WHERE a.id = ${machineAllocations.toAgentId})`,
      })
      .from(machineAllocations)
      .innerJoin(machines, eq(machines.id, machineAllocations.machineId))
      .where(eq(machineAllocations.machineId, machineId))
      .orderBy(desc(machineAllocations.id));
    return rows;
  },
};

/** Roll-up sums as numbers (PostgreSQL answers bigints as text). */
function sums(row: { paid: string; refunded: string; orders: string; dispensedMl: string }) {
  return {
    net: asFen(Number(row.paid) - Number(row.refunded)),
    orders: Number(row.orders),
    dispensedMl: Number(row.dispensedMl),
  };
}
