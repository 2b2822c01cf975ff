import Type, { type Static } from 'typebox';
import { DateTime, Id, nullable, OneOf, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';

/** Who sees the filter schedule, and who edits the models' stages and runs the schedule. */
export const FILTER_PERMISSIONS = { list: 'filter:list', edit: 'filter:edit' } as const;

/** The filter stages a machine model may have, in the order water usually passes them. */
export const FILTER_STAGE_CODES = ['PP', 'CARBON', 'UF', 'RO', 'POST_CARBON', 'MINERAL'] as const;
export type FilterStageCode = (typeof FILTER_STAGE_CODES)[number];

/** Where a stage stands: within its life, due within the lead days, due, or due past the lead days. */
export const FILTER_STATES = ['OK', 'DUE_SOON', 'DUE', 'OVERDUE'] as const;
export type FilterState = (typeof FILTER_STATES)[number];

/** What makes a stage due first: its days, its litres, or the machine's TDS out above the threshold. */
export const FILTER_DUE_BY = ['DAYS', 'LITRES', 'TDS'] as const;
export type FilterDueBy = (typeof FILTER_DUE_BY)[number];

/** How many days ahead of its due date a stage is due soon and gets its filter-change order (setting absent). */
export const DEFAULT_FILTER_LEAD_DAYS = 7;

/** A stage of a model: its filter's life in days and litres, and the TDS out above which it is due. */
export const FilterStage = Type.Object(
  {
    code: OneOf(FILTER_STAGE_CODES),
    lifeDays: Type.Integer({ minimum: 1, maximum: 3650 }),
    lifeLitres: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
    tdsOutMax: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: 5000 })),
  },
  { additionalProperties: false },
);
export type FilterStage = Static<typeof FilterStage>;

/** The stages of a common RO machine: what the demo's model has, and a start for a new one. */
export const DEFAULT_FILTER_STAGES: readonly FilterStage[] = [
  { code: 'PP', lifeDays: 90, lifeLitres: 10_000, tdsOutMax: null },
  { code: 'CARBON', lifeDays: 180, lifeLitres: 20_000, tdsOutMax: null },
  { code: 'RO', lifeDays: 730, lifeLitres: 60_000, tdsOutMax: 50 },
  { code: 'POST_CARBON', lifeDays: 180, lifeLitres: 20_000, tdsOutMax: null },
];

/** A model's stages, in the order the water passes them. */
export const FilterStages = Type.Object(
  { stages: Type.Array(FilterStage, { maxItems: FILTER_STAGE_CODES.length }) },
  { additionalProperties: false },
);
export type FilterStages = Static<typeof FilterStages>;

/** A filter fitted on a completed filter-change order: its stage, serial number and batch. */
export const FilterFitted = Type.Object(
  {
    stage: OneOf(FILTER_STAGE_CODES),
    serialNo: Type.String({ maxLength: 64 }),
    batchNo: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type FilterFitted = Static<typeof FilterFitted>;

/** A machine's stage as the last scheduled run found it. */
export const FilterScheduleRow = Type.Object({
  machineId: Type.Integer(),
  machineSerialNo: Type.String(),
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  stage: OneOf(FILTER_STAGE_CODES),
  /** Since when the filter counts: its fitting, else the machine's activation or installation. */
  installedTime: DateTime,
  filterSerialNo: Type.Union([Type.String(), Type.Null()]),
  filterBatchNo: Type.Union([Type.String(), Type.Null()]),
  lifeDays: Type.Integer(),
  lifeLitres: Type.Integer(),
  /** Negative once past. */
  daysLeft: Type.Integer(),
  litresLeft: Type.Integer(),
  /** The smaller of the days and litres left, as a share of the life: 0 to 100. */
  remainingPct: Type.Integer(),
  /** When it is (or was) due, the litres projected from the last 30 days' average. */
  dueDate: Type.String({ format: 'date' }),
  dueBy: OneOf(FILTER_DUE_BY),
  state: OneOf(FILTER_STATES),
  computedTime: DateTime,
});
export type FilterScheduleRow = Static<typeof FilterScheduleRow>;

export const FilterScheduleQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 64, description: 'part of the machine’s serial number' })),
  agentId: Type.Optional(Id()),
  siteId: Type.Optional(Id()),
  machineId: Type.Optional(Id()),
  state: Type.Optional(OneOf(FILTER_STATES)),
});
export type FilterScheduleQuery = Static<typeof FilterScheduleQuery>;

/** What a run of the schedule found. */
export const FilterRun = Type.Object({
  /** Machine stages computed. */
  stages: Type.Integer(),
  /** Filter-change orders made. */
  orders: Type.Integer(),
});
export type FilterRun = Static<typeof FilterRun>;

/** The filter schedule's list, on the page. */
export const FILTER_SCHEDULE_COLUMNS = listColumns<FilterScheduleRow>()({
  machine: { field: 'machineSerialNo', title: 'filters.machine', width: 150 },
  stage: { field: 'stage', title: 'filters.stage', kind: 'enum', labels: 'filters.stages', width: 120 },
  state: { field: 'state', title: 'filters.state', kind: 'enum', labels: 'filters.states', width: 110 },
  remainingPct: { field: 'remainingPct', title: 'filters.remaining', sortable: true, width: 160 },
  daysLeft: { field: 'daysLeft', title: 'filters.daysLeft', width: 100 },
  litresLeft: { field: 'litresLeft', title: 'filters.litresLeft', width: 110 },
  dueDate: { field: 'dueDate', title: 'filters.dueDate', sortable: true, width: 120 },
  dueBy: { field: 'dueBy', title: 'filters.dueBy', kind: 'enum', labels: 'filters.dueBys', width: 100 },
  agent: { field: 'agentName', title: 'filters.agent', width: 140 },
  site: { field: 'siteName', title: 'filters.site', hidden: true, width: 140 },
  installedTime: { field: 'installedTime', title: 'filters.installedTime', hidden: true, width: 170 },
  filterSerialNo: { field: 'filterSerialNo', title: 'filters.filterSerialNo', hidden: true, width: 130 },
  filterBatchNo: { field: 'filterBatchNo', title: 'filters.filterBatchNo', hidden: true, width: 130 },
});
