import type { FirmwarePackageQuery, FirmwareUpdateQuery, RolloutQuery, UpdateState } from '@water/contract/firmware';
import { and, asc, count, desc, eq, getTableColumns, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Paging, pageOf } from '../../lib/list-query.ts';
import { machineModels, machines } from '../machines/machines.read-model.ts';
import { firmwarePackages, firmwareRollouts, firmwareUpdates } from './firmware.schema.ts';

export type NewUpdate = typeof firmwareUpdates.$inferInsert;
export type RolloutRow = typeof firmwareRollouts.$inferSelect;

export const packageOrder = [desc(firmwarePackages.id)];
export const packageSortable = { id: firmwarePackages.id, version: firmwarePackages.version };
export const rolloutOrder = [desc(firmwareRollouts.id)];
export const rolloutSortable = { id: firmwareRollouts.id, createTime: firmwareRollouts.createTime };
export const updateOrder = [asc(firmwareUpdates.position), desc(firmwareUpdates.id)];
export const machineUpdateOrder = [desc(firmwareUpdates.id)];
export const updateSortable = { id: firmwareUpdates.id, stage: firmwareUpdates.stage, state: firmwareUpdates.state };

const reachable = (agentIds: readonly number[] | null): SQL | undefined =>
  agentIds === null ? undefined : agentIds.length === 0 ? sql`false` : inArray(machines.agentId, [...agentIds]);

const packageColumns = {
  ...getTableColumns(firmwarePackages),
  modelName: machineModels.name,
  inUse: sql<boolean>`EXISTS (SELECT 1 FROM ${firmwareRollouts} WHERE ${firmwareRollouts.packageId} = ${firmwarePackages.id})`,
};
const withRollout = {
  rollout: firmwareRollouts,
  version: firmwarePackages.version,
  modelId: firmwarePackages.modelId,
  modelName: machineModels.name,
};
const updateColumns = {
  ...getTableColumns(firmwareUpdates),
  serialNo: machines.serialNo,
  packageId: firmwareRollouts.packageId,
  version: firmwarePackages.version,
};

export const firmwareRepository = {
  // ------------------------------------------------------------ packages
  async insertPackage(db: Database, values: typeof firmwarePackages.$inferInsert) {
    const [row] = await db.insert(firmwarePackages).values(values).returning({ id: firmwarePackages.id });
    return row as { id: number };
  },

  async packageById(db: Database, id: number) {
    const [row] = await db
      .select(packageColumns)
      .from(firmwarePackages)
      .innerJoin(machineModels, eq(machineModels.id, firmwarePackages.modelId))
      .where(eq(firmwarePackages.id, id));
    return row;
  },

  async packagePage(db: Database, query: FirmwarePackageQuery, paging: Paging) {
    const where = query.modelId === undefined ? undefined : eq(firmwarePackages.modelId, query.modelId);
    return pageOf(
      db
        .select(packageColumns)
        .from(firmwarePackages)
        .innerJoin(machineModels, eq(machineModels.id, firmwarePackages.modelId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(firmwarePackages).where(where),
      paging,
    );
  },

  async modelById(db: Database, id: number) {
    const [row] = await db
      .select({ id: machineModels.id, name: machineModels.name })
      .from(machineModels)
      .where(eq(machineModels.id, id));
    return row;
  },

  /** The first rollout that takes the package, if any. */
  async rolloutOf(db: Database, packageId: number) {
    const [row] = await db
      .select({ id: firmwareRollouts.id })
      .from(firmwareRollouts)
      .where(eq(firmwareRollouts.packageId, packageId))
      .orderBy(asc(firmwareRollouts.id))
      .limit(1);
    return row;
  },

  async deletePackage(db: Database, id: number) {
    await db.delete(firmwarePackages).where(eq(firmwarePackages.id, id));
  },

  /** The package of the same model uploaded just before this one. */
  async previousPackage(db: Database, modelId: number, beforeId: number) {
    const [row] = await db
      .select({ id: firmwarePackages.id })
      .from(firmwarePackages)
      .where(and(eq(firmwarePackages.modelId, modelId), lt(firmwarePackages.id, beforeId)))
      .orderBy(desc(firmwarePackages.id))
      .limit(1);
    return row;
  },

  // ------------------------------------------------------------ machines
  /** The machines among `ids` the agents reach (all when `agentIds` is null). */
  async machinesIn(db: Database, ids: readonly number[], agentIds: readonly number[] | null) {
    return db
      .select({ id: machines.id, serialNo: machines.serialNo, modelId: machines.modelId, firmware: machines.firmware })
      .from(machines)
      .where(and(inArray(machines.id, [...ids]), reachable(agentIds)));
  },

  async machineBySerial(db: Database, serialNo: string) {
    const [row] = await db
      .select({ id: machines.id, modelId: machines.modelId })
      .from(machines)
      .where(sql`lower(${machines.serialNo}) = lower(${serialNo})`);
    return row;
  },

  // ------------------------------------------------------------ rollouts
  async insertRollout(db: Database, values: typeof firmwareRollouts.$inferInsert) {
    const [row] = await db.insert(firmwareRollouts).values(values).returning();
    return row as RolloutRow;
  },

  /** The rollout, locked until the caller's unit of work ends. */
  async lockRollout(db: Database, id: number) {
    const [row] = await db.select().from(firmwareRollouts).where(eq(firmwareRollouts.id, id)).for('update');
    return row;
  },

  async setRollout(db: Database, id: number, values: Partial<typeof firmwareRollouts.$inferInsert>) {
    await db.update(firmwareRollouts).set(values).where(eq(firmwareRollouts.id, id));
  },

  async rolloutsWith(db: Database, where: SQL | undefined, paging: Paging) {
    return pageOf(
      db
        .select(withRollout)
        .from(firmwareRollouts)
        .innerJoin(firmwarePackages, eq(firmwarePackages.id, firmwareRollouts.packageId))
        .innerJoin(machineModels, eq(machineModels.id, firmwarePackages.modelId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(firmwareRollouts).where(where),
      paging,
    );
  },

  async rolloutById(db: Database, id: number) {
    const [row] = await db
      .select(withRollout)
      .from(firmwareRollouts)
      .innerJoin(firmwarePackages, eq(firmwarePackages.id, firmwareRollouts.packageId))
      .innerJoin(machineModels, eq(machineModels.id, firmwarePackages.modelId))
      .where(eq(firmwareRollouts.id, id));
    return row;
  },

  rolloutFilter: (query: RolloutQuery): SQL | undefined =>
    query.state === undefined ? undefined : eq(firmwareRollouts.state, query.state),

  /** The rollouts' updates counted by stage and state. */
  async stageCounts(db: Database, rolloutIds: readonly number[]) {
    if (rolloutIds.length === 0) return [];
    return db
      .select({
        rolloutId: firmwareUpdates.rolloutId,
        stage: firmwareUpdates.stage,
        state: firmwareUpdates.state,
        n: count(),
      })
      .from(firmwareUpdates)
      .where(inArray(firmwareUpdates.rolloutId, [...rolloutIds]))
      .groupBy(firmwareUpdates.rolloutId, firmwareUpdates.stage, firmwareUpdates.state);
  },

  /** The rollouts that roll back these ones. */
  async rollbacksOf(db: Database, rolloutIds: readonly number[]) {
    if (rolloutIds.length === 0) return [];
    return db
      .select({ id: firmwareRollouts.id, rollbackOf: firmwareRollouts.rollbackOf })
      .from(firmwareRollouts)
      .where(inArray(firmwareRollouts.rollbackOf, [...rolloutIds]));
  },

  // ------------------------------------------------------------ updates
  async insertUpdates(db: Database, rows: readonly NewUpdate[]) {
    for (let at = 0; at < rows.length; at += 1000) {
      await db.insert(firmwareUpdates).values(rows.slice(at, at + 1000));
    }
  },

  /** The machines among `ids` with an update under way, and the rollout it belongs to. */
  async busy(db: Database, machineIds: readonly number[]) {
    if (machineIds.length === 0) return [];
    return db
      .select({
        machineId: firmwareUpdates.machineId,
        rolloutId: firmwareUpdates.rolloutId,
        serialNo: machines.serialNo,
      })
      .from(firmwareUpdates)
      .innerJoin(machines, eq(machines.id, firmwareUpdates.machineId))
      .where(
        and(
          inArray(firmwareUpdates.machineId, [...machineIds]),
          inArray(firmwareUpdates.state, ['PENDING', 'SENT', 'DOWNLOADING', 'INSTALLING']),
        ),
      );
  },

  /**
   * The updates of a running rollout's stages up to the current one still pending, claimed as SENT
   * (each given its command's id) in one statement: two callers never claim the same update.
   */
  async claimDue(db: Database, rolloutId: number, now: Date) {
    return db
      .update(firmwareUpdates)
      .set({ state: 'SENT', commandId: sql`gen_random_uuid()`, sentTime: now, updateTime: now })
      .where(
        and(
          eq(firmwareUpdates.rolloutId, rolloutId),
          eq(firmwareUpdates.state, 'PENDING'),
          sql`${firmwareUpdates.stage} <= (SELECT ${firmwareRollouts.currentStage} FROM ${firmwareRollouts}
            WHERE ${firmwareRollouts.id} = ${rolloutId} AND ${firmwareRollouts.state} = 'RUNNING')`,
        ),
      )
      .returning({
        updateId: firmwareUpdates.updateId,
        commandId: firmwareUpdates.commandId,
        machineId: firmwareUpdates.machineId,
      });
  },

  /** The rollout's updates in `from` moved to `to`; answers their commands' ids. */
  async moveAll(db: Database, rolloutId: number, from: readonly UpdateState[], to: UpdateState, now: Date) {
    const moved = await db
      .update(firmwareUpdates)
      .set({ state: to, finishedTime: now, updateTime: now })
      .where(and(eq(firmwareUpdates.rolloutId, rolloutId), inArray(firmwareUpdates.state, [...from])))
      .returning({ commandId: firmwareUpdates.commandId });
    return moved.flatMap((row) => (row.commandId ? [row.commandId] : []));
  },

  async updateOfMachine(db: Database, machineId: number, updateId: string) {
    const [row] = await db
      .select(updateColumns)
      .from(firmwareUpdates)
      .innerJoin(machines, eq(machines.id, firmwareUpdates.machineId))
      .innerJoin(firmwareRollouts, eq(firmwareRollouts.id, firmwareUpdates.rolloutId))
      .innerJoin(firmwarePackages, eq(firmwarePackages.id, firmwareRollouts.packageId))
      .where(and(eq(firmwareUpdates.machineId, machineId), eq(firmwareUpdates.updateId, updateId)));
    return row;
  },

  /** Moves an update on when it is still in `from`; false when another report moved it meanwhile. */
  async moveUpdate(db: Database, id: number, from: UpdateState, values: Partial<NewUpdate>) {
    const moved = await db
      .update(firmwareUpdates)
      .set(values)
      .where(and(eq(firmwareUpdates.id, id), eq(firmwareUpdates.state, from)))
      .returning({ id: firmwareUpdates.id });
    return moved.length > 0;
  },

  /** Updates sent before `before` and not finished: timed out. Answers their rollouts. */
  async timeOut(db: Database, before: Date, now: Date) {
    const timedOut = await db
      .update(firmwareUpdates)
      .set({ state: 'TIMED_OUT', finishedTime: now, updateTime: now })
      .where(
        and(
          inArray(firmwareUpdates.state, ['SENT', 'DOWNLOADING', 'INSTALLING']),
          lt(firmwareUpdates.sentTime, before),
        ),
      )
      .returning({ rolloutId: firmwareUpdates.rolloutId });
    return [...new Set(timedOut.map((row) => row.rolloutId))];
  },

  /** Running rollouts with updates of their stages under way not sent yet. */
  async withUnsent(db: Database) {
    const rows = await db
      .selectDistinct({ id: firmwareRollouts.id })
      .from(firmwareRollouts)
      .innerJoin(firmwareUpdates, eq(firmwareUpdates.rolloutId, firmwareRollouts.id))
      .where(
        and(
          eq(firmwareRollouts.state, 'RUNNING'),
          eq(firmwareUpdates.state, 'PENDING'),
          sql`${firmwareUpdates.stage} <= ${firmwareRollouts.currentStage}`,
        ),
      );
    return rows.map((row) => row.id);
  },

  /** The machines a rollout updated. */
  async succeeded(db: Database, rolloutId: number) {
    return db
      .select({ id: machines.id, serialNo: machines.serialNo, firmware: machines.firmware })
      .from(firmwareUpdates)
      .innerJoin(machines, eq(machines.id, firmwareUpdates.machineId))
      .where(and(eq(firmwareUpdates.rolloutId, rolloutId), eq(firmwareUpdates.state, 'SUCCEEDED')))
      .orderBy(asc(firmwareUpdates.position));
  },

  /** A page of updates: a rollout's or a machine's, of the machines the agents reach. */
  async updatePage(
    db: Database,
    of: { rolloutId: number } | { machineId: number },
    query: FirmwareUpdateQuery,
    agentIds: readonly number[] | null,
    paging: Paging,
  ) {
    const where = and(
      'rolloutId' in of ? eq(firmwareUpdates.rolloutId, of.rolloutId) : eq(firmwareUpdates.machineId, of.machineId),
      query.state === undefined ? undefined : eq(firmwareUpdates.state, query.state),
      reachable(agentIds),
    );
    return pageOf(
      db
        .select(updateColumns)
        .from(firmwareUpdates)
        .innerJoin(machines, eq(machines.id, firmwareUpdates.machineId))
        .innerJoin(firmwareRollouts, eq(firmwareRollouts.id, firmwareUpdates.rolloutId))
        .innerJoin(firmwarePackages, eq(firmwarePackages.id, firmwareRollouts.packageId))
        .where(where)
        .$dynamic(),
      db
        .select({ n: count() })
        .from(firmwareUpdates)
        .innerJoin(machines, eq(machines.id, firmwareUpdates.machineId))
        .where(where),
      paging,
    );
  },
};
