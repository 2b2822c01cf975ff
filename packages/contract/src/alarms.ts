import Type, { type Static } from 'typebox';
import { ALARM_TYPES } from './alarm-types.ts';
import { CreateTimeRange, DateTime, Id, OneOf, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';
import { defineStateMachine, SYSTEM_ACTOR } from './state-machine.ts';

/** The permissions of the alarm centre. */
export const ALARM_PERMISSIONS = {
  list: 'alarm:list',
  /** Acknowledge and resolve alarms. */
  edit: 'alarm:edit',
} as const;

export { ALARM_TYPES, type AlarmPush, type AlarmType } from './alarm-types.ts';
export const ALARM_STATES = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/**
 * An alarm's life: raised by the server when a machine's condition flips (one open alarm per
 * machine and type; raised again while open, it only counts), acknowledged by staff, resolved by
 * staff or by the server when the condition clears. A resolved alarm stays resolved: the next
 * flip raises a new one.
 */
export const ALARM_STATE_MACHINE = defineStateMachine({
  name: 'alarm',
  texts: { object: 'errors.objects.alarm', states: 'alarms.states' },
  states: ALARM_STATES,
  initial: ['OPEN'],
  events: {
    ACKNOWLEDGE: { from: ['OPEN', 'ACKNOWLEDGED'], to: ['ACKNOWLEDGED'], by: [ALARM_PERMISSIONS.edit] },
    RESOLVE: { from: ['OPEN', 'ACKNOWLEDGED'], to: ['RESOLVED'], by: [ALARM_PERMISSIONS.edit, SYSTEM_ACTOR] },
  },
});
export type AlarmEvent = keyof typeof ALARM_STATE_MACHINE.events;

/** Water sold above this many ppm of dissolved solids raises TDS_HIGH. */
export const TDS_OUT_MAX = 50;
/** A tank at or below this percent raises TANK_EMPTY. */
export const TANK_EMPTY_PERCENT = 5;

export const Alarm = Type.Object({
  id: Type.Integer(),
  machineId: Type.Integer(),
  serialNo: Type.String(),
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  type: OneOf(ALARM_TYPES),
  state: OneOf(ALARM_STATES),
  detail: Type.Union([Type.String(), Type.Null()]),
  /** How many times it was raised while open. */
  count: Type.Integer(),
  firstTime: DateTime,
  lastTime: DateTime,
  acknowledgedBy: Type.Union([Type.String(), Type.Null()]),
  resolvedTime: Type.Union([DateTime, Type.Null()]),
});
export type Alarm = Static<typeof Alarm>;

/** The alarms' list, on the page and in its Excel file. */
export const ALARM_COLUMNS = listColumns<Alarm>()({
  machine: { field: 'serialNo', title: 'alarms.machine', width: 150 },
  type: { field: 'type', title: 'alarms.type', kind: 'enum', labels: 'alarms.types', sortable: true, width: 170 },
  state: { field: 'state', title: 'alarms.state', kind: 'enum', labels: 'alarms.states', width: 110 },
  detail: { field: 'detail', title: 'alarms.detail', width: 200 },
  agent: { field: 'agentName', title: 'alarms.agent', width: 140 },
  site: { field: 'siteName', title: 'alarms.site', hidden: true, width: 140 },
  firstTime: { field: 'firstTime', title: 'alarms.firstTime', sortable: true, width: 170 },
  lastTime: { field: 'lastTime', title: 'alarms.lastTime', sortable: true, hidden: true, width: 170 },
  count: { field: 'count', title: 'alarms.count', hidden: true, width: 70 },
  acknowledgedBy: { field: 'acknowledgedBy', title: 'alarms.acknowledgedBy', hidden: true, width: 120 },
  resolvedTime: { field: 'resolvedTime', title: 'alarms.resolvedTime', hidden: true, width: 170 },
});

export const AlarmQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 64, description: 'part of the machine’s serial number' })),
  type: Type.Optional(OneOf(ALARM_TYPES)),
  state: Type.Optional(OneOf(ALARM_STATES)),
  /** Only the alarms not resolved yet (open or acknowledged). */
  unresolved: Type.Optional(Type.Boolean()),
  agentId: Type.Optional(Id()),
  machineId: Type.Optional(Id()),
  firstTime: Type.Optional(CreateTimeRange),
});
export type AlarmQuery = Static<typeof AlarmQuery>;

export const ALARM_ACTIONS = ['ACKNOWLEDGE', 'RESOLVE'] as const;
export const AlarmActionInput = Type.Object(
  { action: OneOf(ALARM_ACTIONS), ids: Type.Array(Id(), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
export type AlarmActionInput = Static<typeof AlarmActionInput>;
