import type { WorkOrderPriority, WorkOrderType } from '@water/contract/work-orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { createMachineAtHand } from './machine-at-hand.ts';
import { type BreachAlarm, createSla } from './sla.service.ts';
import { createTechnicians } from './technicians.ts';
import { createWorkOrderCompletion, type UseParts } from './work-order-completion.ts';
import { SYSTEM } from './work-order-steps.ts';
import { createWorkOrdersCore, type OrderedMachine } from './work-orders-core.ts';
import { type AlarmDelays, createWorkOrdersFromAlarms } from './work-orders-from-alarms.ts';
import { workOrdersRepository as repo } from './workorders.repository.ts';

export type WorkOrdersService = ReturnType<typeof createWorkOrdersService>;

/**
 * Field work: work orders made by hand or from alarms, assigned by region, completed on site
 * with photos and readings, confirmed by the machine's next readings; `events` tells others
 * (notifications) when an order is assigned or reopened.
 */
export function createWorkOrdersService(
  deps: Pick<Deps, 'db' | 'clock'>,
  options: {
    files: FileStore;
    log: FastifyBaseLogger;
    useParts: UseParts;
    alarmDelays?: AlarmDelays;
    /** Raises the alarm of an order past its resolution target. */
    breachAlarm?: BreachAlarm;
  },
) {
  const core = createWorkOrdersCore(deps);
  const { events, list, exportSheet, detail, create, move, lastServiced } = core;
  return {
    events,
    list,
    exportSheet,
    detail,
    create,
    move,
    lastServiced,
    /** The machine's open order of the type, else a new one assigned by region (the system's scheduled work). */
    async openUnlessOpen(
      tx: Database,
      machine: OrderedMachine,
      values: { type: WorkOrderType; priority: WorkOrderPriority; note: string },
    ): Promise<{ id: number; created: boolean }> {
      const open = await repo.openOf(tx, machine.id, values.type);
      if (open) return { id: open.id, created: false };
      const order = await core.open(tx, machine, values, { actor: SYSTEM });
      return { id: order.id, created: true };
    },
    ...createWorkOrderCompletion(deps, { core, files: options.files, useParts: options.useParts }),
    fromAlarms: createWorkOrdersFromAlarms(deps, {
      core,
      log: options.log,
      ...(options.alarmDelays ? { delays: options.alarmDelays } : {}),
    }),
    technicians: createTechnicians(deps),
    atMachine: createMachineAtHand(deps, { core }),
    sla: createSla(deps, { core, alarm: options.breachAlarm ?? (async () => null) }),
  };
}
