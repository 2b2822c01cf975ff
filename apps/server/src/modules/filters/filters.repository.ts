import type { FilterScheduleQuery, FilterStage, FilterStageCode } from '@water/contract/filters';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machineModels, machines } from '../machines/machines.read-model.ts';
import { salesDaily } from '../sales/sales.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { filterInstalls, filterSchedule, filterStages } from './filters.schema.ts';

export const scheduleSortable = {
  dueDate: filterSchedule.dueDate,
  remainingPct: filterSchedule.remainingPct,
};
export const scheduleOrder = [asc(filterSchedule.dueDate), asc(filterSchedule.machineId), asc(filterSchedule.position)];

export type ScheduleRecord = typeof filterSchedule.$inferInsert;
export type FilterInstall = typeof filterInstalls.$inferInsert;

/** Machines that stand in the field and so wear their filters. */
const inField = inArray(machines.lifecycle, ['OPERATING', 'SUSPENDED']);
const ofMachines = (column: PgColumn, ids: readonly number[] | undefined) =>
  ids === undefined ? undefined : inArray(column, ids.length > 0 ? [...ids] : [0]);

function matching(agentIds: readonly number[] | null, query: Omit<FilterScheduleQuery, 'page' | 'size'>) {
  return and(
    agentIds === null ? undefined : inArray(machines.agentId, agentIds.length > 0 ? [...agentIds] : [0]),
    containsText([machines.serialNo], query.blurry),
    query.agentId ? eq(machines.agentId, query.agentId) : undefined,
    query.siteId ? eq(machines.siteId, query.siteId) : undefined,
    query.machineId ? eq(filterSchedule.machineId, query.machineId) : undefined,
    query.state ? eq(filterSchedule.state, query.state) : undefined,
  );
}

const rowColumns = {
  row: filterSchedule,
  machineSerialNo: machines.serialNo,
  agentId: machines.agentId,
  agentName: depts.name,
  siteId: machines.siteId,
  siteName: sites.name,
};

function joined(db: Database) {
  return db
    .select(rowColumns)
    .from(filterSchedule)
    .innerJoin(machines, eq(machines.id, filterSchedule.machineId))
    .leftJoin(agents, eq(agents.id, machines.agentId))
    .leftJoin(depts, eq(depts.id, agents.deptId))
    .leftJoin(sites, eq(sites.id, machines.siteId))
    .$dynamic();
}

export const filtersRepository = {
  async page(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<FilterScheduleQuery, 'page' | 'size'>,
    paging: Paging,
  ) {
    const where = matching(agentIds, query);
    return pageOf(
      joined(db).where(where),
      db
        .select({ n: count() })
        .from(filterSchedule)
        .innerJoin(machines, eq(machines.id, filterSchedule.machineId))
        .where(where),
      paging,
    );
  },

  async ofMachine(db: Database, machineId: number) {
    return joined(db).where(eq(filterSchedule.machineId, machineId)).orderBy(asc(filterSchedule.position));
  },

  /** A machine's agent and department, to decide who sees it. */
  async machine(db: Database, id: number) {
    const [row] = await db
      .select({ id: machines.id, modelId: machines.modelId, agentId: machines.agentId, deptId: agents.deptId })
      .from(machines)
      .leftJoin(agents, eq(agents.id, machines.agentId))
      .where(eq(machines.id, id));
    return row;
  },

  async modelExists(db: Database, id: number): Promise<boolean> {
    const [row] = await db.select({ id: machineModels.id }).from(machineModels).where(eq(machineModels.id, id));
    return row !== undefined;
  },

  async stagesOf(db: Database, modelId: number): Promise<FilterStage[]> {
    return db
      .select({
        code: filterStages.code,
        lifeDays: filterStages.lifeDays,
        lifeLitres: filterStages.lifeLitres,
        tdsOutMax: filterStages.tdsOutMax,
      })
      .from(filterStages)
      .where(eq(filterStages.modelId, modelId))
      .orderBy(asc(filterStages.position));
  },

  async setStages(db: Database, modelId: number, stages: readonly FilterStage[]): Promise<void> {
    await db.delete(filterStages).where(eq(filterStages.modelId, modelId));
    if (stages.length === 0) return;
    await db.insert(filterStages).values(
      stages.map((stage, position) => ({
        modelId,
        position,
        code: stage.code,
        lifeDays: stage.lifeDays,
        lifeLitres: stage.lifeLitres,
        tdsOutMax: stage.tdsOutMax ?? null,
      })),
    );
  },

  /** Each stage of each machine in the field (or of those named), with what it counts from. */
  async fleetStages(db: Database, machineIds?: readonly number[]) {
    return db
      .select({
        machineId: machines.id,
        serialNo: machines.serialNo,
        agentId: machines.agentId,
        siteId: machines.siteId,
        since: sql<Date>`coalesce(${machines.activatedAt}, ${machines.installedAt}, ${machines.createTime})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
        tdsOut: machines.tdsOut,
        stage: filterStages.code,
        position: filterStages.position,
        lifeDays: filterStages.lifeDays,
        lifeLitres: filterStages.lifeLitres,
        tdsOutMax: filterStages.tdsOutMax,
      })
      .from(machines)
      .innerJoin(filterStages, eq(filterStages.modelId, machines.modelId))
      .where(and(inField, ofMachines(machines.id, machineIds)));
  },

  /** The filter in each machine's stage: the latest fitted. */
  async fittedFilters(db: Database, machineIds?: readonly number[]) {
    return db
      .selectDistinctOn([filterInstalls.machineId, filterInstalls.stage])
      .from(filterInstalls)
      .where(ofMachines(filterInstalls.machineId, machineIds))
      .orderBy(
        filterInstalls.machineId,
        filterInstalls.stage,
        desc(filterInstalls.installedTime),
        desc(filterInstalls.id),
      );
  },

  /** Millilitres each machine dispensed, all its life or from a day on (the daily sales roll-up). */
  async dispensedMl(db: Database, fromDay: string | null, machineIds?: readonly number[]) {
    const rows = await db
      .select({ machineId: salesDaily.machineId, ml: sum(salesDaily.dispensedMl).mapWith(Number) })
      .from(salesDaily)
      .where(
        and(fromDay === null ? undefined : gte(salesDaily.day, fromDay), ofMachines(salesDaily.machineId, machineIds)),
      )
      .groupBy(salesDaily.machineId);
    return new Map(rows.map((row) => [row.machineId, row.ml]));
  },

  async scheduled(db: Database, machineIds?: readonly number[]) {
    return db
      .select({
        machineId: filterSchedule.machineId,
        stage: filterSchedule.stage,
        installedTime: filterSchedule.installedTime,
        notifiedTime: filterSchedule.notifiedTime,
      })
      .from(filterSchedule)
      .where(ofMachines(filterSchedule.machineId, machineIds));
  },

  /** Writes the computed rows and drops those of stages and machines no longer counted. */
  async saveSchedule(db: Database, rows: readonly ScheduleRecord[], at: Date, machineIds?: readonly number[]) {
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insert(filterSchedule)
        .values(rows.slice(start, start + 500))
        .onConflictDoUpdate({
          target: [filterSchedule.machineId, filterSchedule.stage],
          set: Object.fromEntries(
            (
              [
                'position',
                'installedTime',
                'filterSerialNo',
                'filterBatchNo',
                'lifeDays',
                'lifeLitres',
                'daysLeft',
                'litresLeft',
                'remainingPct',
                'dueDate',
                'dueBy',
                'state',
                'notifiedTime',
                'computedTime',
              ] as const
            ).map((key) => [key, sql.raw(`excluded.${filterSchedule[key].name}`)]),
          ),
        });
    }
    await db
      .delete(filterSchedule)
      .where(and(lt(filterSchedule.computedTime, at), ofMachines(filterSchedule.machineId, machineIds)));
  },

  async markNotified(db: Database, machineId: number, stages: readonly FilterStageCode[], at: Date): Promise<void> {
    await db
      .update(filterSchedule)
      .set({ notifiedTime: at })
      .where(and(eq(filterSchedule.machineId, machineId), inArray(filterSchedule.stage, [...stages])));
  },

  async addInstalls(db: Database, rows: readonly FilterInstall[]): Promise<void> {
    if (rows.length > 0) await db.insert(filterInstalls).values([...rows]);
  },
};
