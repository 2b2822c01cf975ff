import type { AlarmType } from '@water/contract/alarms';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { type BreachAlarm, createSla } from './sla.service.ts';
import { createTechnicians } from './technicians.ts';
import { createWorkOrderCompletion } from './work-order-completion.ts';
import { createWorkOrdersCore } from './work-orders-core.ts';
import { createWorkOrdersFromAlarms } from './work-orders-from-alarms.ts';

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
    alarmDelays?: Partial<Record<AlarmType, number | null>>;
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
    ...createWorkOrderCompletion(deps, { core, files: options.files }),
    fromAlarms: createWorkOrdersFromAlarms(deps, { core, log: options.log, delays: options.alarmDelays ?? {} }),
    technicians: createTechnicians(deps),
    sla: createSla(deps, { core, alarm: options.breachAlarm ?? (async () => null) }),
  };
}
