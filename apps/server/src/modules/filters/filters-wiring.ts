import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import type { Scheduler } from '../../lib/scheduler.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { WorkOrdersService } from '../workorders/workorders.service.ts';
import { createFiltersService } from './filters.service.ts';

/** How often the filter schedule is computed. */
export const FILTER_SCHEDULE_PATTERN = '0 */10 * * * *';

/**
 * Filter schedules composed with the rest of the server: a scheduled run every ten minutes makes
 * filter-change orders and tells FILTER_DUE; a filter-change order done fits its filters.
 */
export function composeFilters(
  deps: Pick<Deps, 'db' | 'clock'>,
  {
    workOrders,
    notifications,
    settings,
    scheduler,
    log,
  }: {
    workOrders: WorkOrdersService;
    notifications: Pick<NotificationsService, 'notify'>;
    settings: Pick<SettingsService, 'filterLeadDays'>;
    scheduler: Scheduler;
    log: FastifyBaseLogger;
  },
) {
  const filters = createFiltersService(deps, {
    workOrders,
    notifyDue: (tx, input) => notifications.notify('FILTER_DUE', input, tx),
    leadDays: () => settings.filterLeadDays(),
    log,
  });
  workOrders.events.done.on((tx, done) => filters.fitted(tx, done));
  scheduler.add('filter-schedule', FILTER_SCHEDULE_PATTERN, () => filters.run());
  return filters;
}
