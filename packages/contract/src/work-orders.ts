import Type, { type Static } from 'typebox';
import { ALARM_TYPES } from './alarm-types.ts';
import { CreateTimeRange, DateTime, Id, nullable, OneOf, PageQuery } from './common.ts';
import { FILTER_STAGE_CODES, FilterFitted } from './filters.ts';
import { listColumns } from './list-columns.ts';
import { defineStateMachine, SYSTEM_ACTOR } from './state-machine.ts';

/** The permissions of field work: staff who see and direct orders, and technicians who carry them out. */
export const WORK_ORDER_PERMISSIONS = {
  /** Every order within the caller's data scope. */
  list: 'workorder:list',
  add: 'workorder:add',
  /** Assign and reassign orders; set the technicians' regions. */
  assign: 'workorder:assign',
  /** Cancel and reopen orders. */
  edit: 'workorder:edit',
  /** A technician's own orders: accept, start, hold, resume, complete, with photos. */
  work: 'workorder:work',
} as const;

export const WORK_ORDER_TYPES = [
  'REPAIR',
  'FILTER_CHANGE',
  'CLEANING',
  'INSTALLATION',
  'RELOCATION',
  'INSPECTION',
  'REMOVAL',
] as const;
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number];

export const WORK_ORDER_PRIORITIES = ['URGENT', 'HIGH', 'NORMAL', 'LOW'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

export const WORK_ORDER_STATES = [
  'CREATED',
  'ASSIGNED',
  'ACCEPTED',
  'IN_PROGRESS',
  'ON_HOLD',
  'DONE',
  'CANCELLED',
] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];

/** The states of an order still to be done: one of each type per machine at most. */
export const OPEN_WORK_ORDER_STATES = ['CREATED', 'ASSIGNED', 'ACCEPTED', 'IN_PROGRESS', 'ON_HOLD'] as const;

/** How long after it was done an order may be reopened. */
export const REOPEN_WINDOW_MS = 7 * 24 * 3600_000;

const P = WORK_ORDER_PERMISSIONS;

/**
 * A work order's life: created, assigned to a technician (by staff or by the server), accepted,
 * started, held and resumed, done; cancelled by staff while open; reopened from done (back to its
 * technician) by staff or by the machine's next readings, within REOPEN_WINDOW_MS.
 */
export const WORK_ORDER_STATE_MACHINE = defineStateMachine({
  name: 'work order',
  texts: { object: 'errors.objects.workOrder', states: 'workOrders.states' },
  states: WORK_ORDER_STATES,
  initial: ['CREATED', 'ASSIGNED'],
  events: {
    ASSIGN: { from: ['CREATED', 'ASSIGNED', 'ACCEPTED'], to: ['ASSIGNED'], by: [P.assign, SYSTEM_ACTOR] },
    ACCEPT: { from: ['ASSIGNED'], to: ['ACCEPTED'], by: [P.work] },
    START: { from: ['ACCEPTED'], to: ['IN_PROGRESS'], by: [P.work] },
    HOLD: { from: ['IN_PROGRESS'], to: ['ON_HOLD'], by: [P.work] },
    RESUME: { from: ['ON_HOLD'], to: ['IN_PROGRESS'], by: [P.work] },
    DONE: { from: ['IN_PROGRESS'], to: ['DONE'], by: [P.work] },
    CANCEL: { from: OPEN_WORK_ORDER_STATES, to: ['CANCELLED'], by: [P.edit] },
    REOPEN: { from: ['DONE'], to: ['ASSIGNED'], by: [P.edit, SYSTEM_ACTOR] },
  },
});
export type WorkOrderEvent = keyof typeof WORK_ORDER_STATE_MACHINE.events;
export const WORK_ORDER_EVENTS = Object.keys(WORK_ORDER_STATE_MACHINE.events) as WorkOrderEvent[];

/** The events a technician's own order takes from the technician (the rest are staff's). */
export const TECHNICIAN_EVENTS: readonly WorkOrderEvent[] = ['ACCEPT', 'START', 'HOLD', 'RESUME', 'DONE'];

export { ALARM_ORDER_DELAY_MS, AlarmOrderDelays, alarmOrderDelaysMs } from './alarm-order-delays.ts';

/** What a technician checks on each type of order (keys of `workOrders.checks`). */
export const WORK_ORDER_CHECKLISTS: Record<WorkOrderType, readonly string[]> = {
  REPAIR: ['faultFound', 'partsReplaced', 'testDispense', 'noLeak'],
  FILTER_CHANGE: ['powerOff', 'filtersReplaced', 'flushed', 'noLeak', 'testDispense'],
  CLEANING: ['outsideCleaned', 'nozzleSanitised', 'tankCleaned'],
  INSTALLATION: ['placed', 'powered', 'waterConnected', 'online', 'testDispense'],
  RELOCATION: ['disconnected', 'moved', 'reconnected', 'online'],
  INSPECTION: ['outsideChecked', 'tdsChecked', 'noLeak', 'paymentChecked'],
  REMOVAL: ['disconnected', 'removed'],
};

/** The types whose completion the machine's next readings confirm. */
export const CONFIRMED_BY_READINGS: readonly WorkOrderType[] = ['REPAIR', 'FILTER_CHANGE'];

/** A part of the catalogue used on the order, taken from the technician's stock when it is done. */
export const PartUsed = Type.Object(
  {
    partId: Id(),
    quantity: Type.Integer({ minimum: 1, maximum: 10_000 }),
  },
  { additionalProperties: false },
);
export type PartUsed = Static<typeof PartUsed>;

/** A part as the done order keeps it: its code and name then (orders done before the catalogue: a name only). */
export const PartTaken = Type.Object({
  partId: Type.Union([Type.Integer(), Type.Null()]),
  code: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  quantity: Type.Integer(),
});
export type PartTaken = Static<typeof PartTaken>;

/** What a technician reports when the work is done. */
export const WorkOrderCompletion = Type.Object(
  {
    /** The keys of the type's check-list that were done. */
    checks: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
    /** Stored names of the photos uploaded to the order. */
    photos: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10 }),
    tdsBefore: Type.Optional(nullable<number>('integer', { minimum: 0, maximum: 5000 })),
    tdsAfter: Type.Optional(nullable<number>('integer', { minimum: 0, maximum: 5000 })),
    parts: Type.Array(PartUsed, { maxItems: 50 }),
    /** A filter change: the filters fitted, one per stage replaced; their counters start again. */
    filters: Type.Optional(Type.Array(FilterFitted, { maxItems: FILTER_STAGE_CODES.length })),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type WorkOrderCompletion = Static<typeof WorkOrderCompletion>;

/** A completion as the done order answers it: the parts with their code and name. */
export const WorkOrderCompleted = Type.Object({
  ...WorkOrderCompletion.properties,
  parts: Type.Array(PartTaken),
});
export type WorkOrderCompleted = Static<typeof WorkOrderCompleted>;

export const WorkOrder = Type.Object({
  id: Type.Integer(),
  machineId: Type.Integer(),
  serialNo: Type.String(),
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  siteAddress: Type.Union([Type.String(), Type.Null()]),
  /** Where the machine's site is (WGS-84), for the way there and the distance. */
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  type: OneOf(WORK_ORDER_TYPES),
  priority: OneOf(WORK_ORDER_PRIORITIES),
  state: OneOf(WORK_ORDER_STATES),
  technicianId: Type.Union([Type.Integer(), Type.Null()]),
  technicianName: Type.Union([Type.String(), Type.Null()]),
  /** The alarm it was made from, if any. */
  alarmId: Type.Union([Type.Integer(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  createBy: Type.String(),
  createTime: DateTime,
  doneTime: Type.Union([DateTime, Type.Null()]),
  /** The machine's readings after it was done confirmed the fix. */
  confirmed: Type.Boolean(),
});
export type WorkOrder = Static<typeof WorkOrder>;

/** One step of an order's history. */
export const WorkOrderStep = Type.Object({
  time: DateTime,
  /** Who: a user name, or `system`. */
  actor: Type.String(),
  event: Type.String(),
  fromState: Type.Union([OneOf(WORK_ORDER_STATES), Type.Null()]),
  toState: OneOf(WORK_ORDER_STATES),
  note: Type.Union([Type.String(), Type.Null()]),
});
export type WorkOrderStep = Static<typeof WorkOrderStep>;

export const WorkOrderDetail = Type.Object({
  ...WorkOrder.properties,
  timeline: Type.Array(WorkOrderStep),
  alarmIds: Type.Array(Type.Integer()),
  /** Stored names of the photos uploaded to the order so far (a completion names those it keeps). */
  photos: Type.Array(Type.String()),
  completion: Type.Union([WorkOrderCompleted, Type.Null()]),
});
export type WorkOrderDetail = Static<typeof WorkOrderDetail>;

/** A sticker's code as printed (or the machine page address a scan reads, reduced to its code). */
export const StickerCode = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** A machine a technician stands at, found by its sticker: where it is, how it is, and its open orders. */
export const MachineAtHand = Type.Object({
  machineId: Type.Integer(),
  serialNo: Type.String(),
  stickerCode: Type.String(),
  siteName: Type.Union([Type.String(), Type.Null()]),
  siteAddress: Type.Union([Type.String(), Type.Null()]),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  online: Type.Boolean(),
  tdsOut: Type.Union([Type.Integer(), Type.Null()]),
  lastServiced: Type.Union([DateTime, Type.Null()]),
  /** The open orders on it the caller sees: a technician their own. */
  orders: Type.Array(WorkOrder),
});
export type MachineAtHand = Static<typeof MachineAtHand>;

/** The work orders' list, on the page and in its Excel file. */
export const WORK_ORDER_COLUMNS = listColumns<WorkOrder>()({
  id: { field: 'id', title: 'workOrders.id', sortable: true, width: 80 },
  machine: { field: 'serialNo', title: 'workOrders.machine', width: 150 },
  type: { field: 'type', title: 'workOrders.type', kind: 'enum', labels: 'workOrders.types', width: 120 },
  priority: {
    field: 'priority',
    title: 'workOrders.priority',
    kind: 'enum',
    labels: 'workOrders.priorities',
    width: 100,
  },
  state: { field: 'state', title: 'workOrders.state', kind: 'enum', labels: 'workOrders.states', width: 110 },
  technician: { field: 'technicianName', title: 'workOrders.technician', width: 120 },
  agent: { field: 'agentName', title: 'workOrders.agent', width: 140 },
  site: { field: 'siteName', title: 'workOrders.site', hidden: true, width: 140 },
  createTime: { field: 'createTime', title: 'workOrders.createTime', sortable: true, width: 170 },
  doneTime: { field: 'doneTime', title: 'workOrders.doneTime', sortable: true, hidden: true, width: 170 },
  confirmed: { field: 'confirmed', title: 'workOrders.confirmed', kind: 'yesNo', hidden: true, width: 90 },
});

export const WorkOrderQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 64, description: 'part of the machine’s serial number' })),
  state: Type.Optional(OneOf(WORK_ORDER_STATES)),
  /** Only the orders still to be done. */
  open: Type.Optional(Type.Boolean()),
  type: Type.Optional(OneOf(WORK_ORDER_TYPES)),
  priority: Type.Optional(OneOf(WORK_ORDER_PRIORITIES)),
  technicianId: Type.Optional(Id()),
  agentId: Type.Optional(Id()),
  machineId: Type.Optional(Id()),
  createTime: Type.Optional(CreateTimeRange),
});
export type WorkOrderQuery = Static<typeof WorkOrderQuery>;

export const WorkOrderInput = Type.Object(
  {
    machineIds: Type.Array(Id(), { minItems: 1, maxItems: 500 }),
    type: OneOf(WORK_ORDER_TYPES),
    priority: OneOf(WORK_ORDER_PRIORITIES),
    /** Assigned to this technician; absent: to the technician of each machine's region. */
    technicianId: Type.Optional(Id()),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type WorkOrderInput = Static<typeof WorkOrderInput>;

export const WorkOrdersCreated = Type.Object({ ids: Type.Array(Type.Integer()) });

export const WorkOrderMove = Type.Object(
  {
    event: OneOf(WORK_ORDER_EVENTS.filter((event) => event !== 'DONE')),
    /** ASSIGN: the technician. */
    technicianId: Type.Optional(Id()),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type WorkOrderMove = Static<typeof WorkOrderMove>;

/** A technician and where they work: an agent's machines, or those of a set of sites. */
export const Technician = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  siteIds: Type.Array(Type.Integer()),
  siteNames: Type.Array(Type.String()),
  /** Orders assigned to them and not done yet. */
  openOrders: Type.Integer(),
});
export type Technician = Static<typeof Technician>;

export const TechnicianRegionInput = Type.Object(
  {
    agentId: Type.Union([Id(), Type.Null()]),
    siteIds: Type.Array(Id(), { maxItems: 500 }),
  },
  { additionalProperties: false },
);
export type TechnicianRegionInput = Static<typeof TechnicianRegionInput>;

export const MachineServiced = Type.Object({ lastServiced: Type.Union([DateTime, Type.Null()]) });

export const PhotoStored = Type.Object({ name: Type.String() });

export { ALARM_TYPES };
