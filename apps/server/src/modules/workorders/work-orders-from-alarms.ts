import type { AlarmType } from '@water/contract/alarms';
import { ALARM_ORDER_DELAY_MS, type WorkOrderPriority } from '@water/contract/work-orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { noteOf, SYSTEM } from './work-order-steps.ts';
import type { WorkOrdersCore } from './work-orders-core.ts';
import { workOrdersRepository as repo } from './workorders.repository.ts';

/** How urgent the repair of an alarm is. */
const PRIORITY_OF: Partial<Record<AlarmType, WorkOrderPriority>> = { LEAK: 'URGENT', OFFLINE: 'HIGH', FAULT: 'HIGH' };

/** The delay of each alarm type in milliseconds (null: never), read at each run (the global settings). */
export type AlarmDelays = () => Promise<Record<AlarmType, number | null>>;

/**
 * Alarms open longer than their type's delay become repair orders, assigned by region. An alarm
 * resolved within the delay makes none; a machine whose repair order is open (a flapping
 * machine, or a second fault) links the new alarm to it instead of making another. Run by the
 * scheduler, it picks up after a restart whatever was missed.
 */
export function createWorkOrdersFromAlarms(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    core,
    delays = async () => ALARM_ORDER_DELAY_MS,
    log,
  }: { core: WorkOrdersCore; delays?: AlarmDelays; log: FastifyBaseLogger },
) {
  return {
    /** Makes or links the orders of the alarms due; answers how many alarms were taken. */
    async sweep(): Promise<number> {
      const delayOf = new Map(
        Object.entries(await delays()).filter((entry): entry is [AlarmType, number] => typeof entry[1] === 'number'),
      );
      const due = await repo.alarmsWithoutOrder(db, clock.now(), delayOf);
      let taken = 0;
      for (const alarm of due) {
        try {
          await db.transaction(async (tx) => {
            const open = await repo.openOf(tx, alarm.machineId, 'REPAIR');
            if (open) {
              await repo.linkAlarm(tx, open.id, alarm.id);
              await repo.addStep(tx, {
                orderId: open.id,
                time: clock.now(),
                actor: SYSTEM,
                event: 'ALARM',
                fromState: open.state,
                toState: open.state,
                noteText: noteOf('alarmLinked', { id: alarm.id }),
              });
              return;
            }
            const machine = {
              id: alarm.machineId,
              serialNo: alarm.serialNo,
              agentId: alarm.agentId,
              siteId: alarm.siteId,
            };
            await core.open(
              tx,
              machine,
              { type: 'REPAIR', priority: PRIORITY_OF[alarm.type] ?? 'NORMAL', alarmId: alarm.id },
              { actor: SYSTEM },
            );
          });
          taken++;
        } catch (error) {
          log.warn({ err: error, alarmId: alarm.id }, 'could not make the repair order of an alarm');
        }
      }
      return taken;
    },
  };
}
