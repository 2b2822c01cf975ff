import { eventsFrom } from '@water/contract/state-machine';
import {
  TECHNICIAN_EVENTS,
  WORK_ORDER_STATE_MACHINE,
  type WorkOrder,
  type WorkOrderEvent,
} from '@water/contract/work-orders';

/** The moves a detail offers as plain buttons (assigning and completing have their own forms). */
export type ButtonEvent = Exclude<WorkOrderEvent, 'ASSIGN' | 'DONE'>;

/**
 * What the user may do to an order now: the events its state allows and the user's permissions
 * cause, the technician's own (accept, start, hold, resume, complete) only on an order assigned
 * to them.
 */
export function workOrderActions(
  order: Pick<WorkOrder, 'state' | 'technicianId'>,
  user: { id: number | undefined; can: (allow: readonly string[]) => boolean },
): { buttons: ButtonEvent[]; assign: boolean; complete: boolean } {
  const mine = order.technicianId !== null && order.technicianId === user.id;
  const open = eventsFrom(WORK_ORDER_STATE_MACHINE, order.state, (actor) => user.can([actor])).filter(
    (event) => mine || !TECHNICIAN_EVENTS.includes(event),
  );
  return {
    buttons: open.filter((event): event is ButtonEvent => event !== 'ASSIGN' && event !== 'DONE'),
    assign: open.includes('ASSIGN'),
    complete: open.includes('DONE'),
  };
}

/** The board's columns: every state but cancelled. */
export const BOARD_STATES = ['CREATED', 'ASSIGNED', 'ACCEPTED', 'IN_PROGRESS', 'ON_HOLD', 'DONE'] as const;

/** Orders by the board's columns, each column most urgent first. */
export function boardColumns<T extends Pick<WorkOrder, 'state' | 'priority' | 'id'>>(orders: readonly T[]) {
  const rank = { URGENT: 0, HIGH: 1, NORMAL: 2, LOW: 3 } as const;
  return BOARD_STATES.map((state) => ({
    state,
    orders: orders
      .filter((order) => order.state === state)
      .sort((a, b) => rank[a.priority] - rank[b.priority] || b.id - a.id),
  }));
}
