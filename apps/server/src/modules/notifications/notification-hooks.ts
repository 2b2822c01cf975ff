import type { FastifyInstance } from 'fastify';
import { yuanText } from '../../domain/money.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Scheduler } from '../../lib/scheduler.ts';
import type { AlarmsService } from '../alarms/alarms.service.ts';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notification channels and rules; other parts of the server raise their events with `notify`. */
    notifications: NotificationsService;
  }
}

/** How often the events waiting and the messages due are looked at (the messages due are queued as tasks). */
export const NOTIFICATIONS_PATTERN = '*/5 * * * * *';

/**
 * Notifications as the app composes them: alarms opened (MACHINE_OFFLINE for an OFFLINE alarm,
 * ALARM_OPENED for the others) and withdrawals requested raise their events in the transaction
 * of the change; the scheduler queues their messages, which the task queue sends.
 */
export function composeNotifications(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'clock' | 'mailer'>,
  { jwtSecret }: { jwtSecret: string },
  { alarms, withdrawals, scheduler }: { alarms: AlarmsService; withdrawals: WithdrawalsService; scheduler: Scheduler },
): NotificationsService {
  const notifications = createNotificationsService(deps, { serverSecret: jwtSecret, log: app.log, tasks: app.tasks });
  // An SLA breach's alarm is told of by its own event (SLA_BREACHED), raised with it.
  alarms.opened.on(async (tx, { alarmId, type, machine, says }) => {
    if (type === 'SLA_BREACH') return;
    await notifications.notify(
      type === 'OFFLINE' ? 'MACHINE_OFFLINE' : 'ALARM_OPENED',
      {
        agentId: machine.agentId,
        alarmId,
        says: {
          key: 'notifications.message.alarm',
          values: { machine: machine.serialNo, type: { key: `alarms.types.${type}` }, detail: says },
        },
      },
      tx,
    );
  });
  withdrawals.requested.on((tx, withdrawal) =>
    notifications.notify(
      'WITHDRAWAL_REQUESTED',
      {
        agentId: withdrawal.agentId,
        says: {
          key: 'notifications.message.withdrawal',
          values: {
            agent: withdrawal.agentName,
            yuan: yuanText(withdrawal.amount),
            withdrawalNo: withdrawal.withdrawalNo,
          },
        },
      },
      tx,
    ),
  );
  scheduler.add('send-notifications', NOTIFICATIONS_PATTERN, () => notifications.delivery.run());
  app.decorate('notifications', notifications);
  return notifications;
}
