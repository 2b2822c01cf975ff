import type { PageOf } from '@water/contract/common';
import { type FilterScheduleQuery, FilterScheduleRow, type FilterStages } from '@water/contract/filters';
import type { Database } from '../../db/client.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { wireMapper } from '../../lib/wire.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import type { WorkOrderDone } from '../workorders/work-orders-core.ts';
import { createFilterSchedule, type FilterScheduleNeeds } from './filter-schedule.ts';
import { filtersRepository as repo, scheduleOrder, scheduleSortable } from './filters.repository.ts';

export type FiltersService = ReturnType<typeof createFiltersService>;

type Joined = Awaited<ReturnType<typeof repo.ofMachine>>[number];
const toWire = wireMapper(FilterScheduleRow);
const answer = ({ row, ...names }: Joined): FilterScheduleRow => toWire({ ...row, ...names });
const stageName = (code: string) => ({ key: `filters.stages.${code}` });

/**
 * Filter schedules: each model's stages, the filters fitted on each machine (by filter-change
 * orders), and each machine's stages computed by a scheduled run, due first.
 */
export function createFiltersService(deps: Pick<Deps, 'db' | 'clock'>, needs: FilterScheduleNeeds) {
  const { db } = deps;
  const { compute, run } = createFilterSchedule(deps, needs);

  /** The machine if the caller's data scope reaches it, else 404. */
  async function reachable(principal: Principal, id: number) {
    const machine = await repo.machine(db, id);
    if (!machine || !inScope(principal, machine.deptId ?? null)) throw notFound(noSuch('machine', id));
    return machine;
  }

  return {
    run,

    async schedule(principal: Principal, query: FilterScheduleQuery): Promise<PageOf<FilterScheduleRow>> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const page = await repo.page(db, agentIds, query, toPaging(query, scheduleSortable, scheduleOrder));
      return { content: page.content.map(answer), totalElements: page.totalElements };
    },

    async ofMachine(principal: Principal, machineId: number): Promise<FilterScheduleRow[]> {
      await reachable(principal, machineId);
      return (await repo.ofMachine(db, machineId)).map(answer);
    },

    async stages(modelId: number): Promise<FilterStages> {
      if (!(await repo.modelExists(db, modelId))) throw notFound(noSuch('machineModel', modelId));
      return { stages: await repo.stagesOf(db, modelId) };
    },

    /** Sets a model's stages (each code once); its machines' schedule follows at the next run. */
    async setStages(modelId: number, input: FilterStages): Promise<void> {
      input.stages.forEach((stage, index) => {
        if (input.stages.findIndex((other) => other.code === stage.code) !== index) {
          const text = { key: 'errors.filters.stageTwice', values: { stage: stageName(stage.code) } };
          throw invalidField(`stages.${index}.code`, text, 'taken');
        }
      });
      await db.transaction(async (tx) => {
        if (!(await repo.modelExists(tx, modelId))) throw notFound(noSuch('machineModel', modelId));
        await repo.setStages(tx, modelId, input.stages);
      });
    },

    /**
     * A filter-change order done: the filters fitted become the machine's (their counters start
     * at the machine's litres now), in the order's unit of work; its schedule is computed after.
     */
    async fitted(tx: Database, done: WorkOrderDone): Promise<void> {
      const filters = done.completion.filters ?? [];
      if (done.type !== 'FILTER_CHANGE' || filters.length === 0) return;
      const machine = await repo.machine(tx, done.machineId);
      const codes = new Set((await repo.stagesOf(tx, machine?.modelId ?? 0)).map((stage) => stage.code));
      filters.forEach((filter, index) => {
        if (!codes.has(filter.stage)) {
          const text = { key: 'errors.filters.notOfModel', values: { stage: stageName(filter.stage) } };
          throw invalidField(`filters.${index}.stage`, text, 'invalid');
        }
      });
      const dispensed = (await repo.dispensedMl(tx, null, [done.machineId])).get(done.machineId) ?? 0;
      await repo.addInstalls(
        tx,
        filters.map((filter) => ({
          machineId: done.machineId,
          stage: filter.stage,
          installedTime: done.at,
          dispensedMlAtInstall: dispensed,
          serialNo: filter.serialNo.trim() || null,
          batchNo: filter.batchNo.trim() || null,
          workOrderId: done.orderId,
          createBy: done.by,
        })),
      );
      await compute(tx, [done.machineId]);
    },
  };
}
