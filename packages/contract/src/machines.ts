import Type, { type Static } from 'typebox';
import { AbsentId, DateTime, Id, IdList, nullable, OneOf, PageQuery } from './common.ts';
import { Prices } from './gateway.ts';
import { listColumns } from './list-columns.ts';
import { FenField } from './money.ts';
import { PeriodFigureFields, periodFigureColumns } from './sales-figures.ts';
import { defineStateMachine, eventsFrom, MACHINE_ACTOR } from './state-machine.ts';

/** The permissions of the machines pages (models included). */
export const DEVICE_PERMISSIONS = {
  list: 'device:list',
  add: 'device:add',
  edit: 'device:edit',
  del: 'device:del',
  /** Allocate, recall and transfer machines between agents. */
  allocate: 'device:allocate',
  /** Install, suspend, resume, retire, restock and scrap machines. */
  operate: 'device:operate',
} as const;

// ---------------------------------------------------------------- models

export const WATER_TYPES = ['COLD', 'HOT', 'COLD,HOT'] as const;
export const BILLINGS = ['FLOW', 'TIME'] as const;

export const MachineModel = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  taps: Type.Integer(),
  waterTypes: OneOf(WATER_TYPES),
  tankLitres: Type.Integer(),
  outputLph: Type.Integer(),
  billing: OneOf(BILLINGS),
  pulsesPerLitre: Type.Integer(),
  /** Machines of this model. */
  machines: Type.Integer(),
  createTime: Type.Union([DateTime, Type.Null()]),
});
export type MachineModel = Static<typeof MachineModel>;

export const MachineModelQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the code or name' })),
});
export type MachineModelQuery = Static<typeof MachineModelQuery>;

const modelFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  taps: Type.Integer({ minimum: 1, maximum: 2 }),
  waterTypes: OneOf(WATER_TYPES),
  tankLitres: Type.Integer({ minimum: 1, maximum: 10_000 }),
  outputLph: Type.Integer({ minimum: 1, maximum: 100_000 }),
  billing: OneOf(BILLINGS),
  pulsesPerLitre: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
};

export const MachineModelCreateInput = Type.Object({
  id: AbsentId,
  code: Type.String({
    pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$',
    errorMessage: 'must be up to 32 letters, digits, _ or -, starting with a letter or digit',
  }),
  ...modelFields,
});
export type MachineModelCreateInput = Static<typeof MachineModelCreateInput>;

export const MachineModelUpdateInput = Type.Object({ id: Id(), ...modelFields });
export type MachineModelUpdateInput = Static<typeof MachineModelUpdateInput>;

// ---------------------------------------------------------------- machines

/** `IN_STOCK → ALLOCATED → OPERATING ⇄ SUSPENDED → RETIRED → (IN_STOCK | SCRAPPED)`. */
export const LIFECYCLES = ['IN_STOCK', 'ALLOCATED', 'OPERATING', 'SUSPENDED', 'RETIRED', 'SCRAPPED'] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];

export const Machine = Type.Object({
  id: Type.Integer(),
  serialNo: Type.String(),
  stickerCode: Type.String(),
  imei: Type.Union([Type.String(), Type.Null()]),
  iccid: Type.Union([Type.String(), Type.Null()]),
  modelId: Type.Integer(),
  modelName: Type.String(),
  firmware: Type.Union([Type.String(), Type.Null()]),
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  /** The site it is installed at. */
  siteName: Type.Union([Type.String(), Type.Null()]),
  lifecycle: OneOf(LIFECYCLES),
  warrantyEnd: Type.Union([Type.String(), Type.Null()]),
  online: Type.Boolean(),
  lastHeartbeat: Type.Union([DateTime, Type.Null()]),
  /** Since when it has not reported the version of its desired settings; null while it runs with them. */
  settingsDriftSince: Type.Union([DateTime, Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  /** Its sales today, this week and this month (in its list and file). */
  ...PeriodFigureFields,
});
export type Machine = Static<typeof Machine>;

/** The machines' list, on the page and in its Excel file. */
export const MACHINE_COLUMNS = listColumns<Machine>()({
  serialNo: { field: 'serialNo', title: 'machines.serialNo', sortable: true, width: 170 },
  stickerCode: { field: 'stickerCode', title: 'machines.stickerCode', hidden: true, width: 150 },
  imei: { field: 'imei', title: 'machines.columns.imei', fileOnly: true },
  iccid: { field: 'iccid', title: 'machines.columns.iccid', fileOnly: true },
  model: { field: 'modelName', title: 'machines.model', width: 170 },
  /** Its agent; none for the company's stock. */
  holder: { field: 'agentName', title: 'machines.holder', width: 170 },
  site: { field: 'siteName', title: 'machines.site', width: 150 },
  lifecycle: {
    field: 'lifecycle',
    title: 'machines.lifecycle',
    kind: 'enum',
    labels: 'machines.lifecycles',
    sortable: true,
    width: 120,
  },
  /** `true` or `false`, labelled online or offline. */
  online: { field: 'online', title: 'machines.runtime', kind: 'enum', labels: 'machines.connections', width: 110 },
  lastHeartbeat: { field: 'lastHeartbeat', title: 'machines.lastHeartbeat', sortable: true, width: 170 },
  settingsDriftSince: {
    field: 'settingsDriftSince',
    title: 'machines.settingsDriftSince',
    sortable: true,
    width: 170,
  },
  ...periodFigureColumns<Machine>({ todayHidden: true }),
  firmware: { field: 'firmware', title: 'machines.firmware', hidden: true, width: 110 },
  warrantyEnd: { field: 'warrantyEnd', title: 'machines.warrantyEnd', hidden: true, width: 120 },
  createTime: { field: 'createTime', title: 'list.createTime', fileOnly: true },
});

export const MachineQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(
    Type.String({ maxLength: 255, description: 'part of the serial number, sticker code or IMEI' }),
  ),
  lifecycle: Type.Optional(OneOf(LIFECYCLES)),
  online: Type.Optional(Type.Boolean()),
  agentId: Type.Optional(Id()),
  modelId: Type.Optional(Id()),
  siteId: Type.Optional(Id()),
  /** Only machines in the company's stock (held by no agent). */
  inStock: Type.Optional(Type.Boolean()),
  /** Only machines that have (or have not) yet to apply their desired settings. */
  drifting: Type.Optional(Type.Boolean()),
  /** Only machines that sold nothing in the last this many hours. */
  noSalesHours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720 })),
});
export type MachineQuery = Static<typeof MachineQuery>;

const SERIAL = {
  pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{3,63}$',
  errorMessage: 'must be 4 to 64 letters, digits, _ or -, starting with a letter or digit',
};

const IMEI = nullable<string>('string', { pattern: '^\\d{15}$', errorMessage: 'must be 15 digits' });
const ICCID = nullable<string>('string', { pattern: '^\\d{19,20}$', errorMessage: 'must be 19 or 20 digits' });
const WARRANTY_END = nullable<string>('string', {
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  errorMessage: 'must be yyyy-MM-dd',
});

export const MachineRegisterInput = Type.Object({
  id: AbsentId,
  serialNo: Type.String(SERIAL),
  /** The code on its sticker, which consumers scan; a random one (not guessable from another machine's) when absent. */
  stickerCode: Type.Optional(nullable<string>('string', SERIAL)),
  modelId: Id(),
  imei: Type.Optional(IMEI),
  iccid: Type.Optional(ICCID),
  firmware: Type.Optional(nullable<string>('string', { maxLength: 64 })),
  warrantyEnd: Type.Optional(WARRANTY_END),
});
export type MachineRegisterInput = Static<typeof MachineRegisterInput>;

/**
 * What staff correct on a machine, all of it at once (null clears a number or the warranty): the
 * code on its sticker, its model, modem and SIM numbers and warranty. Its serial number never
 * changes, and its firmware is what it reports.
 */
export const MachineUpdateInput = Type.Object({
  stickerCode: Type.String(SERIAL),
  modelId: Id(),
  imei: IMEI,
  iccid: ICCID,
  warrantyEnd: WARRANTY_END,
});
export type MachineUpdateInput = Static<typeof MachineUpdateInput>;

/** A registered machine and its gateway secret, shown this once (the server keeps only its hash). */
export const MachineRegistered = Type.Object({ machine: Machine, secret: Type.String() });
export type MachineRegistered = Static<typeof MachineRegistered>;

/** The most rows one import of serial numbers takes. */
export const IMPORT_ROWS_MAX = 5000;

/**
 * The columns of an import of serial numbers (xlsx or CSV, a header row first): the serial number
 * and the model's code are required, the rest optional.
 */
/**
 * The columns of a machine import, by the name of their text (`machines.columns.<field>`): a
 * sheet's header names them in English or Chinese.
 */
export const IMPORT_FIELDS = [
  'serialNo',
  'modelCode',
  'stickerCode',
  'imei',
  'iccid',
  'firmware',
  'warrantyEnd',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_COLUMNS = [
  'Serial number',
  'Model code',
  'Sticker code',
  'IMEI',
  'ICCID',
  'Firmware',
  'Warranty end',
] as const;

/** Machines registered by an import, each with its gateway secret, shown this once. */
export const MachinesImported = Type.Object({
  imported: Type.Integer(),
  machines: Type.Array(Type.Object({ id: Type.Integer(), serialNo: Type.String(), secret: Type.String() })),
});
export type MachinesImported = Static<typeof MachinesImported>;

/** Allocate machines from stock to an agent, or transfer them from one agent to another. */
export const AllocationInput = Type.Object({
  machineIds: IdList,
  agentId: Id(),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type AllocationInput = Static<typeof AllocationInput>;

/** Recall machines from their agents back to the company's stock. */
export const RecallInput = Type.Object({
  machineIds: IdList,
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type RecallInput = Static<typeof RecallInput>;

export const ALLOCATION_ACTIONS = ['ALLOCATE', 'RECALL', 'TRANSFER'] as const;

/** One line of a machine's allocation history. */
export const Allocation = Type.Object({
  id: Type.Integer(),
  batchNo: Type.String(),
  machineId: Type.Integer(),
  serialNo: Type.String(),
  action: OneOf(ALLOCATION_ACTIONS),
  fromAgent: Type.Union([Type.String(), Type.Null()]),
  toAgent: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  createBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
});
export type Allocation = Static<typeof Allocation>;

/** The batch an allocation, recall or transfer made. */
export const AllocationDone = Type.Object({ batchNo: Type.String(), machines: Type.Integer() });
export type AllocationDone = Static<typeof AllocationDone>;

/**
 * A machine's life. The company's stock is allocated to an agent, transferred between agents or
 * recalled while not installed; an allocated machine is installed at a site of its agent and
 * then sells (only an operating machine takes orders); it is suspended and resumed, retired from
 * its site, then restocked or scrapped (those two by staff whose data scope is unrestricted).
 */
export const MACHINE_STATE_MACHINE = defineStateMachine({
  name: 'machine',
  texts: { object: 'errors.objects.machine', states: 'machines.lifecycles' },
  states: LIFECYCLES,
  initial: ['IN_STOCK'],
  events: {
    ALLOCATE: { from: ['IN_STOCK'], to: ['ALLOCATED'], by: [DEVICE_PERMISSIONS.allocate] },
    TRANSFER: { from: ['ALLOCATED'], to: 'unchanged', by: [DEVICE_PERMISSIONS.allocate] },
    RECALL: { from: ['ALLOCATED'], to: ['IN_STOCK'], by: [DEVICE_PERMISSIONS.allocate] },
    /** At a site of the agent holding it (`siteId`); it then takes orders. */
    INSTALL: { from: ['ALLOCATED'], to: ['OPERATING'], by: [DEVICE_PERMISSIONS.operate] },
    SUSPEND: { from: ['OPERATING'], to: ['SUSPENDED'], by: [DEVICE_PERMISSIONS.operate] },
    RESUME: { from: ['SUSPENDED'], to: ['OPERATING'], by: [DEVICE_PERMISSIONS.operate] },
    /** Taken away from its site. */
    RETIRE: { from: ['OPERATING', 'SUSPENDED'], to: ['RETIRED'], by: [DEVICE_PERMISSIONS.operate] },
    /** Back to the company's stock (unrestricted scopes only). */
    RESTOCK: { from: ['RETIRED'], to: ['IN_STOCK'], by: [DEVICE_PERMISSIONS.operate] },
    /** Out of use for good (unrestricted scopes only). */
    SCRAP: { from: ['RETIRED'], to: ['SCRAPPED'], by: [DEVICE_PERMISSIONS.operate] },
    SELL: { from: ['OPERATING'], to: 'unchanged', by: [MACHINE_ACTOR] },
    /** Its sticker, numbers, model or warranty corrected; a scrapped machine stays as it was. */
    EDIT: {
      from: ['IN_STOCK', 'ALLOCATED', 'OPERATING', 'SUSPENDED', 'RETIRED'],
      to: 'unchanged',
      by: [DEVICE_PERMISSIONS.edit],
    },
  },
});
export type MachineEvent = keyof typeof MACHINE_STATE_MACHINE.events;

/** What staff do to a machine through its life on its own (`PUT …/lifecycle`). */
export const LIFECYCLE_ACTIONS = ['INSTALL', 'SUSPEND', 'RESUME', 'RETIRE', 'RESTOCK', 'SCRAP'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/**
 * Actions that return a machine to the company's stock or end it, left to staff whose data scope
 * is unrestricted (the company's, not an agent's).
 */
export const COMPANY_ACTIONS: readonly LifecycleAction[] = ['RESTOCK', 'SCRAP'];

/** The lifecycle actions open to a machine in a state, for a user holding the permissions `can` accepts. */
export function lifecycleActionsFrom(state: Lifecycle, can?: (permission: string) => boolean): LifecycleAction[] {
  const open: readonly MachineEvent[] = eventsFrom(MACHINE_STATE_MACHINE, state, can);
  return LIFECYCLE_ACTIONS.filter((action) => open.includes(action));
}

export const LifecycleInput = Type.Object({
  action: OneOf(LIFECYCLE_ACTIONS),
  /** The site, for INSTALL. */
  siteId: Type.Optional(Id()),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type LifecycleInput = Static<typeof LifecycleInput>;

/** A site a machine may be installed at: an open site of the agent holding it. */
export const InstallSite = Type.Object({ id: Type.Integer(), name: Type.String(), address: Type.String() });
export type InstallSite = Static<typeof InstallSite>;

// ---------------------------------------------------------------- a machine's status and sales

/** The periods of a machine's sales chart: the last 24 hours, 30 days or 12 months. */
export const SALES_PERIODS = ['HOUR', 'DAY', 'MONTH'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export const MachineStatusQuery = Type.Object({ period: Type.Optional(OneOf(SALES_PERIODS)) });

const SalesPoint = Type.Object({
  /** `HH:00`, `MM-dd` or `yyyy-MM`. */
  label: Type.String(),
  net: FenField({ description: 'fen' }),
  orders: Type.Integer(),
  dispensedMl: Type.Integer(),
});

/** A machine as its detail shows it: what it reports, what it sells at, and how it sold. */
export const MachineStatus = Type.Object({
  machine: Machine,
  siteName: Type.Union([Type.String(), Type.Null()]),
  runtime: Type.Object({
    online: Type.Boolean(),
    lastHeartbeat: Type.Union([DateTime, Type.Null()]),
    signal: Type.Union([Type.Integer(), Type.Null()]),
    temperature: Type.Union([Type.String(), Type.Null()]),
    tdsIn: Type.Union([Type.Integer(), Type.Null()]),
    tdsOut: Type.Union([Type.Integer(), Type.Null()]),
    tankLevel: Type.Union([Type.Integer(), Type.Null()]),
    makingWater: Type.Union([Type.Boolean(), Type.Null()]),
    doorOpen: Type.Union([Type.Boolean(), Type.Null()]),
    /** The names of the fault bits it reports (`LEAK`, `PUMP`, …). */
    faults: Type.Array(Type.String()),
  }),
  /** What a litre costs on it now; null while no price policy covers it. */
  prices: Type.Union([Prices, Type.Null()]),
  today: SalesPoint,
  series: Type.Array(SalesPoint),
});
export type MachineStatus = Static<typeof MachineStatus>;
