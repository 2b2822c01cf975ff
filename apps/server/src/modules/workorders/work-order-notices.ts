import type { NotifyEvent } from '@water/contract/notifications';
import type { Database } from '../../db/client.ts';
import type { TextRef } from '../../lib/texts.ts';
import { slaRepository } from './sla.repository.ts';
import type { WorkOrdersService } from './workorders.service.ts';

/** How work orders raise a notification (the notifications module's `notify`). */
export type Notify = (
  event: NotifyEvent,
  input: { agentId: number | null; alarmId?: number; says: TextRef },
  tx: Database,
) => Promise<void>;

/**
 * The notifications of field work, raised in the unit of work of the change: an order assigned
 * (naming the machine, technician and type) and each SLA breach stage, for the order's agent.
 */
export function noticeWorkOrders(workOrders: WorkOrdersService, notify: Notify): void {
  workOrders.events.assigned.on(async (tx, assigned) => {
    const order = await slaRepository.order(tx, assigned.orderId);
    if (!order) return;
    await notify(
      'WORK_ORDER_ASSIGNED',
      {
        agentId: order.agentId,
        says: {
          key: 'notifications.message.assigned',
          values: {
            id: order.id,
            machine: order.serialNo,
            technician: order.technicianName ?? '',
            type: { key: `workOrders.types.${order.type}` },
          },
        },
      },
      tx,
    );
  });
  workOrders.sla.breached.on((tx, breach) =>
    notify(
      'SLA_BREACHED',
      { agentId: breach.agentId, says: breach.says, ...(breach.alarmId !== null ? { alarmId: breach.alarmId } : {}) },
      tx,
    ),
  );
}
