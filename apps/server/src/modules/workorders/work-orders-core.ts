import {
  WORK_ORDER_PERMISSIONS as P,
  REOPEN_WINDOW_MS,
  WORK_ORDER_COLUMNS,
  WORK_ORDER_STATE_MACHINE,
  WorkOrder,
  type WorkOrderCompletion,
  WorkOrderDetail,
  type WorkOrderInput,
  type WorkOrderMove,
  type WorkOrderPriority,
  type WorkOrderQuery,
  type WorkOrderType,
} from '@water/contract/work-orders';
import type { Database } from '../../db/client.ts';
import { inScope, isAdministrator, type Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import {
  forbidden,
  HttpError,
  invalidField,
  noSuch,
  notFound,
  stateConflict,
  unknownRecord,
} from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { type Language, render, type TextRef } from '../../lib/texts.ts';
import { formatDateTime } from '../../lib/time.ts';
import { wireMapper, wireOf } from '../../lib/wire.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import { noteOf, SYSTEM, stepTo } from './work-order-steps.ts';
import {
  type OrderReach,
  workOrdersRepository as repo,
  type WorkOrderRecord,
  type WorkOrderRow,
  workOrderOrder,
  workOrderSortable,
} from './workorders.repository.ts';

/** An order assigned to a technician (by staff, by region, or back to them when reopened). */
export interface WorkOrderAssigned {
  orderId: number;
  machineId: number;
  type: WorkOrderType;
  priority: WorkOrderPriority;
  technicianId: number;
}
/** An order done and opened again (by staff, or by the machine's readings). */
export interface WorkOrderReopened {
  orderId: number;
  machineId: number;
  technicianId: number | null;
  by: string;
}

/** An order completed: what was reported (a filter change: the filters fitted). */
export interface WorkOrderDone {
  orderId: number;
  machineId: number;
  type: WorkOrderType;
  completion: WorkOrderCompletion;
  at: Date;
  by: string;
}

/** What other modules may react to, in the unit of work of the change (notifications, filters). */
export interface WorkOrderEvents {
  assigned: DomainEvents<WorkOrderAssigned>;
  reopened: DomainEvents<WorkOrderReopened>;
  done: DomainEvents<WorkOrderDone>;
}

/** A machine an order is about, where it stands. */
export interface OrderedMachine {
  id: number;
  serialNo: string;
  agentId: number | null;
  siteId: number | null;
  deptId?: number | null;
}

/** An order as the wire has it. */
export const toWire = wireMapper(WorkOrder);
const typeName = (type: WorkOrderType): TextRef => ({ key: `workOrders.types.${type}` });

export const isStaff = (principal: Principal) => isAdministrator(principal) || principal.permissions.has(P.list);

/** Whether a user may see an order: staff within their data scope, a technician their own. */
export function sees(principal: Principal, order: Pick<WorkOrderRow, 'deptId' | 'technicianId'>): boolean {
  if (order.technicianId === principal.id) return true;
  return isStaff(principal) && (order.deptId === null ? principal.scope === null : inScope(principal, order.deptId));
}

export type WorkOrdersCore = ReturnType<typeof createWorkOrdersCore>;

/**
 * Work orders: made by hand or from alarms, assigned by region or by staff, moved through their
 * state table with every step in the order's timeline.
 */
export function createWorkOrdersCore({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const events: WorkOrderEvents = {
    assigned: new DomainEvents(),
    reopened: new DomainEvents(),
    done: new DomainEvents(),
  };

  async function reachOf(principal: Principal): Promise<OrderReach> {
    if (isStaff(principal)) return { agentIds: await agentIdsInScope(db, principal.scope), technicianId: null };
    return { agentIds: null, technicianId: principal.id };
  }

  /** The order if the caller sees it, else 404 (whether it exists or not). */
  async function visible(principal: Principal, id: number): Promise<WorkOrderRow> {
    const row = await repo.byId(db, id);
    if (!row || !sees(principal, row)) throw notFound(noSuch('workOrder', id));
    return row;
  }

  /** A user who may work orders (holds workorder:work), else 400 on `field`. */
  async function technician(tx: Database, id: number, field = 'technicianId') {
    const [holder] = await repo.holders(tx, P.work, [id]);
    if (!holder) throw invalidField(field, { key: 'errors.workOrders.notTechnician', values: { id } }, 'invalid');
    return holder;
  }

  /**
   * Assigns an order to a technician, or to the one of its machine's region with the fewest open
   * orders (ties: the lowest id); with none, the order waits, created, and its timeline says why.
   */
  async function assign(
    tx: Database,
    order: WorkOrderRecord,
    machine: OrderedMachine,
    by: { actor: string; technicianId?: number; note?: string },
  ): Promise<void> {
    const at = clock.now();
    let technicianId = by.technicianId;
    if (technicianId === undefined) {
      const [chosen] = await repo.regionTechnicians(tx, machine);
      if (!chosen) {
        if (order.state === 'CREATED') {
          await repo.addStep(tx, {
            orderId: order.id,
            time: at,
            actor: SYSTEM,
            event: 'ASSIGN',
            fromState: 'CREATED',
            toState: 'CREATED',
            noteText: noteOf('noTechnician'),
          });
        }
        return;
      }
      technicianId = chosen.id;
    }
    const to = moveBy(WORK_ORDER_STATE_MACHINE, order.state, 'ASSIGN');
    await stepTo(tx, order, {
      event: 'ASSIGN',
      to,
      actor: by.actor,
      at,
      note: by.note ?? null,
      noteText: by.technicianId === undefined ? noteOf('autoAssigned') : null,
      set: { technicianId, assignedTime: at },
    });
    await events.assigned.emit(tx, {
      orderId: order.id,
      machineId: order.machineId,
      type: order.type,
      priority: order.priority,
      technicianId,
    });
  }

  /**
   * Makes an order of a machine, refusing a second open one of the type (409, naming the one
   * open), and assigns it.
   */
  async function open(
    tx: Database,
    machine: OrderedMachine,
    values: { type: WorkOrderType; priority: WorkOrderPriority; note?: string | null; alarmId?: number | null },
    by: { actor: string; technicianId?: number },
  ): Promise<WorkOrderRecord> {
    const taken = await repo.openOf(tx, machine.id, values.type);
    if (taken) throw oneOpen(machine, values.type, taken.id);
    const at = clock.now();
    const order = await repo
      .insert(tx, {
        machineId: machine.id,
        agentId: machine.agentId,
        type: values.type,
        priority: values.priority,
        state: 'CREATED',
        note: values.note ?? null,
        alarmId: values.alarmId ?? null,
        createBy: by.actor,
        createTime: at,
      })
      .catch((error) => {
        throw isUniqueViolation(error) ? oneOpen(machine, values.type, null) : error;
      });
    await repo.addStep(tx, {
      orderId: order.id,
      time: at,
      actor: by.actor,
      event: 'CREATE',
      fromState: null,
      toState: 'CREATED',
      note: values.note ?? null,
      noteText: values.alarmId ? noteOf('fromAlarm', { id: values.alarmId }) : null,
    });
    if (values.alarmId) await repo.linkAlarm(tx, order.id, values.alarmId);
    await assign(tx, order, machine, by);
    return order;
  }

  function oneOpen(machine: OrderedMachine, type: WorkOrderType, id: number | null): HttpError {
    const text: TextRef = {
      key: 'errors.workOrders.oneOpen',
      values: { serialNo: machine.serialNo, type: typeName(type), id: id ?? '' },
    };
    return new HttpError(409, text, 'WORK_ORDER_OPEN');
  }

  /** Whether the caller may cause the event: one of its permissions (the administrator: all). */
  function mayCause(principal: Principal, event: keyof typeof WORK_ORDER_STATE_MACHINE.events): boolean {
    if (isAdministrator(principal)) return true;
    return WORK_ORDER_STATE_MACHINE.events[event].by.some((actor) => principal.permissions.has(actor));
  }

  /** Back to its technician, within the window after it was done. */
  async function reopen(
    tx: Database,
    order: WorkOrderRecord,
    by: { actor: string; note?: string | null; noteText?: TextRef },
  ): Promise<void> {
    const at = clock.now();
    if (!order.doneTime || at.getTime() - order.doneTime.getTime() > REOPEN_WINDOW_MS) {
      const text: TextRef = {
        key: 'errors.workOrders.reopenWindow',
        values: { id: order.id, days: REOPEN_WINDOW_MS / 86_400_000 },
      };
      throw stateConflict(text, order.state, 'REOPEN');
    }
    await stepTo(tx, order, {
      event: 'REOPEN',
      to: 'ASSIGNED',
      actor: by.actor,
      at,
      note: by.note ?? null,
      noteText: by.noteText ?? null,
      set: { doneTime: null, awaitingReadings: false, confirmed: false },
    });
    await events.reopened.emit(tx, {
      orderId: order.id,
      machineId: order.machineId,
      technicianId: order.technicianId,
      by: by.actor,
    });
  }

  return {
    events,
    reachOf,
    visible,
    open,
    assign,
    mayCause,
    reopenBy: reopen,

    ...declaredList<Principal, WorkOrderQuery, WorkOrderRow, WorkOrder>({
      name: 'work-orders',
      columns: WORK_ORDER_COLUMNS,
      sortable: workOrderSortable,
      order: workOrderOrder,
      read: async (principal, query, paging) => repo.page(db, await reachOf(principal), query, paging),
      toWire: (row) => toWire(row),
    }),

    async detail(principal: Principal, id: number, language: Language): Promise<WorkOrderDetail> {
      const row = await visible(principal, id);
      const [steps, alarmIds] = await Promise.all([repo.steps(db, id), repo.alarmIds(db, id)]);
      return wireOf(WorkOrderDetail, {
        ...toWire(row),
        alarmIds,
        photos: row.photos,
        completion: row.completion && {
          ...row.completion,
          parts: row.completion.parts.map((part) => ({
            partId: part.partId ?? null,
            code: part.code ?? null,
            name: part.name,
            quantity: part.quantity,
          })),
        },
        timeline: steps.map((step) => ({
          time: formatDateTime(step.time) ?? '',
          actor: step.actor,
          event: step.event,
          fromState: step.fromState,
          toState: step.toState,
          note: [step.noteText ? render(language, step.noteText) : null, step.note].filter(Boolean).join(' · ') || null,
        })),
      });
    },

    /** The same order for each machine (all or none), each assigned to the technician named or by region. */
    async create(principal: Principal, input: WorkOrderInput): Promise<{ ids: number[] }> {
      const ids = [...new Set(input.machineIds)];
      return db.transaction(async (tx) => {
        if (input.technicianId !== undefined) await technician(tx, input.technicianId);
        const found = await repo.machinesByIds(tx, ids);
        const created: number[] = [];
        for (const id of ids) {
          const machine = found.find((row) => row.id === id);
          const reachable =
            machine && (machine.deptId === null ? principal.scope === null : inScope(principal, machine.deptId));
          if (!reachable) throw invalidField('machineIds', unknownRecord('machine', id), 'invalid');
          const order = await open(tx, machine, input, {
            actor: principal.username,
            ...(input.technicianId !== undefined ? { technicianId: input.technicianId } : {}),
          });
          created.push(order.id);
        }
        return { ids: created };
      });
    },

    /** Assign, accept, start, hold, resume, cancel or reopen, as the state table and the caller allow. */
    async move(principal: Principal, id: number, input: WorkOrderMove): Promise<void> {
      const row = await visible(principal, id);
      const { event } = input;
      if (!mayCause(principal, event)) throw forbidden();
      const own = ['ACCEPT', 'START', 'HOLD', 'RESUME'].includes(event);
      if (own && row.technicianId !== principal.id && !isAdministrator(principal)) {
        throw forbidden({ key: 'errors.workOrders.notYours', values: { id } });
      }
      await db.transaction(async (tx) => {
        const order = await repo.lock(tx, id);
        if (!order) throw notFound(noSuch('workOrder', id));
        const at = clock.now();
        if (event === 'ASSIGN') {
          if (input.technicianId !== undefined) await technician(tx, input.technicianId);
          moveBy(WORK_ORDER_STATE_MACHINE, order.state, event);
          const machine = { ...row, id: row.machineId, siteId: null as number | null };
          const [where] = await repo.machinesByIds(tx, [row.machineId]);
          await assign(
            tx,
            order,
            { ...machine, siteId: where?.siteId ?? null },
            {
              actor: principal.username,
              ...(input.technicianId !== undefined ? { technicianId: input.technicianId } : {}),
              ...(input.note ? { note: input.note } : {}),
            },
          );
          return;
        }
        const to = moveBy(WORK_ORDER_STATE_MACHINE, order.state, event);
        if (event === 'REOPEN') await reopen(tx, order, { actor: principal.username, note: input.note ?? null });
        else await stepTo(tx, order, { event, to, actor: principal.username, at, note: input.note ?? null });
      });
    },

    /** The done time of the machine's last order done: when it was last serviced. */
    async lastServiced(principal: Principal, machineId: number): Promise<{ lastServiced: string | null }> {
      const [machine] = await repo.machinesByIds(db, [machineId]);
      const reachable =
        machine &&
        (isStaff(principal)
          ? machine.deptId === null
            ? principal.scope === null
            : inScope(principal, machine.deptId)
          : true);
      if (!reachable) throw notFound(noSuch('machine', machineId));
      return { lastServiced: formatDateTime(await repo.lastDone(db, machineId)) ?? null };
    },
  };
}
