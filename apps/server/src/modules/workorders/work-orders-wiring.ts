import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import type { Scheduler } from '../../lib/scheduler.ts';
import type { GatewayService } from '../gateway/gateway.service.ts';
import type { BreachAlarm } from './sla.service.ts';
import type { UseParts } from './work-order-completion.ts';
import type { AlarmDelays } from './work-orders-from-alarms.ts';
import { createWorkOrdersService } from './workorders.service.ts';

/** How often alarms open past their delay are looked for: well within a minute of the alarm. */
export const ALARM_SWEEP_PATTERN = '*/10 * * * * *';
/** How often the SLA clocks are read for breaches. */
export const SLA_SWEEP_PATTERN = '*/30 * * * * *';

/**
 * Work orders composed with the rest of the server: the machines' heartbeats confirm (or reopen)
 * work done, and a scheduled sweep turns alarms open past their delay into repair orders.
 */
export function composeWorkOrders(
  deps: Pick<Deps, 'db' | 'clock'>,
  {
    files,
    gateway,
    scheduler,
    log,
    useParts,
    alarmDelays,
    breachAlarm,
  }: {
    files: FileStore;
    gateway: Pick<GatewayService, 'onReadings'>;
    scheduler: Scheduler;
    log: FastifyBaseLogger;
    useParts: UseParts;
    alarmDelays?: AlarmDelays;
    breachAlarm?: BreachAlarm;
  },
) {
  const workOrders = createWorkOrdersService(deps, {
    files,
    log,
    useParts,
    ...(alarmDelays ? { alarmDelays } : {}),
    ...(breachAlarm ? { breachAlarm } : {}),
  });
  gateway.onReadings((readings) =>
    workOrders.readingsReceived(readings).catch((error) => {
      log.warn({ err: error, machineId: readings.machineId }, 'readings could not confirm work done');
    }),
  );
  scheduler.add('work-orders-from-alarms', ALARM_SWEEP_PATTERN, () => workOrders.fromAlarms.sweep());
  scheduler.add('sla-breaches', SLA_SWEEP_PATTERN, () => workOrders.sla.sweep());
  return workOrders;
}
