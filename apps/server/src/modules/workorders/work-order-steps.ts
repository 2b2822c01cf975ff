import type { WorkOrderState } from '@water/contract/work-orders';
import type { Database } from '../../db/client.ts';
import type { TextRef } from '../../lib/texts.ts';
import { workOrdersRepository as repo, type WorkOrderRecord } from './workorders.repository.ts';

/** The actor of the server's own steps (alarms, region assignment, readings). */
export const SYSTEM = 'system';

export const noteOf = (name: string, values?: TextRef['values']): TextRef => ({
  key: `workOrders.notes.${name}`,
  ...(values ? { values } : {}),
});

/**
 * Moves an order to a state and writes the step in its timeline, in the unit of work `tx`: the
 * state and its history change together.
 */
export async function stepTo(
  tx: Database,
  order: Pick<WorkOrderRecord, 'id' | 'state'>,
  step: {
    event: string;
    to: WorkOrderState;
    actor: string;
    at: Date;
    note?: string | null;
    noteText?: TextRef | null;
    set?: Partial<WorkOrderRecord>;
  },
): Promise<void> {
  if (step.to !== order.state || step.set) await repo.update(tx, order.id, { state: step.to, ...step.set });
  await repo.addStep(tx, {
    orderId: order.id,
    time: step.at,
    actor: step.actor,
    event: step.event,
    fromState: order.state,
    toState: step.to,
    note: step.note ?? null,
    noteText: step.noteText ?? null,
  });
}
