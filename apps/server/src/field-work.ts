import { alarmOrderDelaysMs } from '@water/contract/alarm-order-delays';
import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import type { FastifyInstance } from 'fastify';
import type { Deps } from './lib/deps.ts';
import type { FileStore } from './lib/file-storage.ts';
import type { Scheduler } from './lib/scheduler.ts';
import type { AlarmsService } from './modules/alarms/alarms.service.ts';
import { composeFilters } from './modules/filters/filters-wiring.ts';
import type { GatewayService } from './modules/gateway/gateway.service.ts';
import { composeNotifications } from './modules/notifications/notification-hooks.ts';
import { createPartsService } from './modules/parts/parts.service.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import type { WithdrawalsService } from './modules/withdrawals/withdrawals.service.ts';
import { noticeWorkOrders } from './modules/workorders/work-order-notices.ts';
import { composeWorkOrders } from './modules/workorders/work-orders-wiring.ts';

/** What field work needs from the rest of the server. */
export interface FieldWorkNeeds {
  files: FileStore;
  gateway: GatewayService;
  scheduler: Scheduler;
  alarms: AlarmsService;
  withdrawals: WithdrawalsService;
  settings: SettingsService;
}

/**
 * Field work as the app composes it: work orders (from alarms, confirmed by readings) and the
 * notifications that tell people about them (orders assigned, SLA breaches), the parts the orders
 * take from the technicians' stock, and the filter schedules that make filter changes. Its
 * services are served by the signed-in routes.
 */
export function composeFieldWork(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'clock' | 'mailer'>,
  options: { jwtSecret: string },
  needs: FieldWorkNeeds,
) {
  const { files, gateway, scheduler, alarms, withdrawals, settings } = needs;
  const notifications = composeNotifications(app, deps, options, { alarms, withdrawals, scheduler });
  const parts = createPartsService(deps, { notify: notifications.notify });
  const workOrders = composeWorkOrders(deps, {
    files,
    gateway,
    scheduler,
    log: app.log,
    useParts: parts.movements.useOnOrder,
    alarmDelays: async () => alarmOrderDelaysMs((await settings.get(GLOBAL_SETTING_QUERY)).alarmOrderDelays),
    breachAlarm: (tx, machine, says) => alarms.openIn(tx, machine, 'SLA_BREACH', says),
  });
  noticeWorkOrders(workOrders, (event, input, tx) => notifications.notify(event, input, tx));
  const filters = composeFilters(deps, { workOrders, notifications, settings, scheduler, log: app.log });
  return { workOrders, notifications, parts, sla: workOrders.sla, filters };
}
