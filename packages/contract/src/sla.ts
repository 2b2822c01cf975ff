import Type, { type Static } from 'typebox';
import { DateTime, OneOf } from './common.ts';
import { Day } from './ledger.ts';
import { listColumns } from './list-columns.ts';
import { WORK_ORDER_PRIORITIES, WORK_ORDER_TYPES, type WorkOrderPriority, type WorkOrderType } from './work-orders.ts';

/** Who reads the SLA report and targets, and who changes the targets. */
export const SLA_PERMISSIONS = { list: 'sla:list', edit: 'sla:edit' } as const;

/** The targets of an order of a type and priority, in minutes from its creation. */
export const SlaTarget = Type.Object(
  {
    type: OneOf(WORK_ORDER_TYPES),
    priority: OneOf(WORK_ORDER_PRIORITIES),
    /** Created → accepted. */
    responseMinutes: Type.Integer({ minimum: 1, maximum: 525_600 }),
    /** Created → done. */
    resolutionMinutes: Type.Integer({ minimum: 1, maximum: 525_600 }),
    /** The clocks count business hours only. */
    businessHours: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SlaTarget = Static<typeof SlaTarget>;

const HH_MM = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', errorMessage: 'must be HH:mm' });

/** The business hours, in the server's time zone: days of the week (1 Monday … 7 Sunday), from and to. */
export const BusinessHours = Type.Object(
  {
    days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { maxItems: 7, uniqueItems: true }),
    from: HH_MM,
    to: HH_MM,
  },
  { additionalProperties: false },
);
export type BusinessHours = Static<typeof BusinessHours>;

export const DEFAULT_BUSINESS_HOURS: BusinessHours = { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' };

/** The targets of every priority, the same for each type until staff change them. */
const PRIORITY_TARGETS: Record<WorkOrderPriority, { responseMinutes: number; resolutionMinutes: number }> = {
  URGENT: { responseMinutes: 30, resolutionMinutes: 4 * 60 },
  HIGH: { responseMinutes: 60, resolutionMinutes: 8 * 60 },
  NORMAL: { responseMinutes: 4 * 60, resolutionMinutes: 24 * 60 },
  LOW: { responseMinutes: 24 * 60, resolutionMinutes: 72 * 60 },
};

/** The target of a type and priority that nobody has changed. */
export const defaultSlaTarget = (type: WorkOrderType, priority: WorkOrderPriority): SlaTarget => ({
  type,
  priority,
  ...PRIORITY_TARGETS[priority],
  businessHours: false,
});

/** Every type × priority's targets and the business hours. */
export const SlaSettings = Type.Object(
  {
    targets: Type.Array(SlaTarget, { maxItems: WORK_ORDER_TYPES.length * WORK_ORDER_PRIORITIES.length }),
    businessHours: BusinessHours,
  },
  { additionalProperties: false },
);
export type SlaSettings = Static<typeof SlaSettings>;

/** One of an order's clocks: its target, the time counted so far (paused time and, by its target, nights and weekends left out). */
export const SlaClock = Type.Object({
  targetMinutes: Type.Integer(),
  elapsedMinutes: Type.Integer(),
  /** When the target is reached if the clock keeps running; null while paused or stopped. */
  due: Type.Union([DateTime, Type.Null()]),
  /** When the clock stopped (accepted, done); null while running. */
  stopped: Type.Union([DateTime, Type.Null()]),
  /** The time counted passed the target. */
  breached: Type.Boolean(),
});
export type SlaClock = Static<typeof SlaClock>;

/** An order's SLA: its response and resolution clocks. */
export const WorkOrderSla = Type.Object({
  /** On hold: the clocks do not run. */
  paused: Type.Boolean(),
  businessHours: Type.Boolean(),
  response: SlaClock,
  resolution: SlaClock,
});
export type WorkOrderSla = Static<typeof WorkOrderSla>;

export const SLA_GROUPINGS = ['technician', 'region', 'agent'] as const;
export type SlaGrouping = (typeof SLA_GROUPINGS)[number];

/** The orders created in a range of days (cancelled ones left out), grouped. */
export const SlaReportQuery = Type.Object({
  from: Day,
  to: Day,
  by: OneOf(SLA_GROUPINGS),
});
export type SlaReportQuery = Static<typeof SlaReportQuery>;

/** SLA attainment of a technician, a region (the machines' site) or an agent. */
export const SlaReportRow = Type.Object({
  /** The technician's, site's or agent's id; null for the orders without one. */
  id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  orders: Type.Integer(),
  /** Percent (`"95.00"`) of the orders whose response is known (accepted, or breached while waiting) in time. */
  responseMet: Type.Union([Type.String(), Type.Null()]),
  resolutionMet: Type.Union([Type.String(), Type.Null()]),
  avgResponseMinutes: Type.Union([Type.Integer(), Type.Null()]),
  avgResolutionMinutes: Type.Union([Type.Integer(), Type.Null()]),
  /** Orders with a breached clock (response, resolution or both). */
  breaches: Type.Integer(),
});
export type SlaReportRow = Static<typeof SlaReportRow>;

/** The SLA report, on the page and in its Excel file. */
export const SLA_REPORT_COLUMNS = listColumns<SlaReportRow>()({
  name: { field: 'name', title: 'sla.name', width: 160 },
  orders: { field: 'orders', title: 'sla.orders', width: 90 },
  responseMet: { field: 'responseMet', title: 'sla.responseMet', kind: 'percent', width: 120 },
  resolutionMet: { field: 'resolutionMet', title: 'sla.resolutionMet', kind: 'percent', width: 120 },
  avgResponseMinutes: { field: 'avgResponseMinutes', title: 'sla.avgResponseMinutes', width: 140 },
  avgResolutionMinutes: { field: 'avgResolutionMinutes', title: 'sla.avgResolutionMinutes', width: 140 },
  breaches: { field: 'breaches', title: 'sla.breaches', width: 90 },
});
