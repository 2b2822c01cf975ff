import { DEFAULT_FILTER_LEAD_DAYS, type FilterStageCode, type FilterState } from '@water/contract/filters';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import type { TextRef } from '../../lib/texts.ts';
import { formatDay, startOfDay } from '../../lib/time.ts';
import type { WorkOrdersService } from '../workorders/workorders.service.ts';
import { filterLife } from './filter-life.ts';
import { filtersRepository as repo, type ScheduleRecord } from './filters.repository.ts';

/** What a filter schedule run needs from the rest of the server. */
export interface FilterScheduleNeeds {
  workOrders: Pick<WorkOrdersService, 'openUnlessOpen'>;
  /** FILTER_DUE to the notification rules, in the unit of work of the order. */
  notifyDue: (tx: Database, input: { agentId: number | null; says: TextRef }) => Promise<void>;
  leadDays: () => Promise<number>;
  log: FastifyBaseLogger;
}

const DUE_STATES: readonly FilterState[] = ['DUE_SOON', 'DUE', 'OVERDUE'];
const LITRES_DAYS = 30;

/**
 * Computes each machine's stages (all machines in the field, or those named) and stores them for
 * the schedule page; a machine with a stage due soon or due gets one filter-change order (kept
 * while open) and one FILTER_DUE per fitted filter. Answers the stages computed and orders made.
 */
export function createFilterSchedule({ db, clock }: Pick<Deps, 'db' | 'clock'>, needs: FilterScheduleNeeds) {
  /** The setting as the last run read it: a unit of work under way reads nothing outside itself. */
  let leadDays = DEFAULT_FILTER_LEAD_DAYS;

  /** Computes and stores the stages of the machines (all in the field, or those named), in a unit of work. */
  async function compute(database: Database, machineIds?: readonly number[]) {
    const now = clock.now();
    const stages = await repo.fleetStages(database, machineIds);
    const fitted = await repo.fittedFilters(database, machineIds);
    const lifeMl = await repo.dispensedMl(database, null, machineIds);
    const recentMl = await repo.dispensedMl(database, formatDay(startOfDay(now, -LITRES_DAYS)), machineIds);
    const scheduled = await repo.scheduled(database, machineIds);
    const key = (machineId: number, stage: string) => `${machineId}\u0000${stage}`;
    const fittedBy = new Map(fitted.map((row) => [key(row.machineId, row.stage), row]));
    const scheduledBy = new Map(scheduled.map((row) => [key(row.machineId, row.stage), row]));

    const rows: ScheduleRecord[] = stages.map((stage) => {
      const filter = fittedBy.get(key(stage.machineId, stage.stage));
      const installedTime = filter?.installedTime ?? stage.since;
      const totalMl = lifeMl.get(stage.machineId) ?? 0;
      const life = filterLife(
        {
          lifeDays: stage.lifeDays,
          lifeLitres: stage.lifeLitres,
          tdsOutMax: stage.tdsOutMax,
          installedTime,
          litresSince: (totalMl - (filter?.dispensedMlAtInstall ?? 0)) / 1000,
          dailyLitres: (recentMl.get(stage.machineId) ?? 0) / 1000 / LITRES_DAYS,
          tdsOut: stage.tdsOut,
        },
        now,
        leadDays,
      );
      const before = scheduledBy.get(key(stage.machineId, stage.stage));
      const sameFilter = before !== undefined && before.installedTime.getTime() === installedTime.getTime();
      return {
        machineId: stage.machineId,
        stage: stage.stage,
        position: stage.position,
        installedTime,
        filterSerialNo: filter?.serialNo ?? null,
        filterBatchNo: filter?.batchNo ?? null,
        lifeDays: stage.lifeDays,
        lifeLitres: stage.lifeLitres,
        daysLeft: life.daysLeft,
        litresLeft: life.litresLeft,
        remainingPct: life.remainingPct,
        dueDate: formatDay(life.dueAt),
        dueBy: life.dueBy,
        state: life.state,
        notifiedTime: sameFilter ? before.notifiedTime : null,
        computedTime: now,
      };
    });
    await repo.saveSchedule(database, rows, now, machineIds);
    return { stages, rows, now };
  }

  async function run(machineIds?: readonly number[]): Promise<{ stages: number; orders: number }> {
    leadDays = await needs.leadDays();
    const { stages, rows, now } = await db.transaction((tx) => compute(tx, machineIds));
    const machineOf = new Map(stages.map((stage) => [stage.machineId, stage]));
    const dueByMachine = new Map<number, ScheduleRecord[]>();
    for (const row of rows) {
      if (!DUE_STATES.includes(row.state)) continue;
      dueByMachine.set(row.machineId, [...(dueByMachine.get(row.machineId) ?? []), row]);
    }
    let orders = 0;
    for (const [machineId, due] of dueByMachine) {
      const machine = machineOf.get(machineId);
      if (!machine) continue;
      const codes = due.map((row) => row.stage);
      try {
        await db.transaction(async (tx) => {
          const order = await needs.workOrders.openUnlessOpen(
            tx,
            { id: machineId, serialNo: machine.serialNo, agentId: machine.agentId, siteId: machine.siteId },
            {
              type: 'FILTER_CHANGE',
              priority: due.some((row) => row.state === 'OVERDUE') ? 'HIGH' : 'NORMAL',
              note: `Filters due: ${codes.join(', ')}`,
            },
          );
          if (order.created) orders++;
          const untold = due.filter((row) => row.notifiedTime === null).map((row) => row.stage as FilterStageCode);
          if (untold.length === 0) return;
          await needs.notifyDue(tx, {
            agentId: machine.agentId,
            says: {
              key: 'filters.dueSays',
              values: { machine: machine.serialNo, stages: codes.map((code) => ({ key: `filters.stages.${code}` })) },
            },
          });
          await repo.markNotified(tx, machineId, untold, now);
        });
      } catch (error) {
        needs.log.warn({ err: error, machineId }, 'could not make the filter-change order of a machine');
      }
    }
    return { stages: rows.length, orders };
  }

  return { compute, run };
}
