import Type, { type Static } from 'typebox';
import { DateTime, Id, OneOf, PageQuery } from './common.ts';
import { defineStateMachine, MACHINE_ACTOR, SYSTEM_ACTOR } from './state-machine.ts';

/**
 * Remote commands and desired settings: what staff send to water machines, and what the machines
 * answer. A machine receives commands on its heartbeat's answer (HTTP) or on `m/{serial}/cmd`
 * (MQTT) and acknowledges each; see `docs/gateway.md`.
 */

/** Sending and cancelling commands, and editing a machine's desired settings (reading them is `device:list`). */
export const COMMAND_PERMISSIONS = { command: 'device:command' } as const;

export const COMMAND_TYPES = [
  /** Maintenance mode: the machine sells nothing until unlocked (the gateway refuses its new orders meanwhile). */
  'LOCK',
  'UNLOCK',
  /** Show and charge the prices of its price policy now, without waiting for the next heartbeat. */
  'SET_PRICES',
  'SET_PULSES_PER_LITRE',
  /** Flush the reverse-osmosis membrane for `seconds`. */
  'RO_FLUSH',
  'REBOOT',
  /** Set the machine's clock to `serverTime`. */
  'SYNC_CLOCK',
  /** A filter of `stage` was replaced: its counter starts again. */
  'RESET_FILTER_COUNTER',
  /** Dispense `ml` from `tap` to check the machine: never sold, never charged. */
  'TEST_DISPENSE',
  /** Send a heartbeat with everything it measures, and report its settings, now. */
  'REQUEST_STATUS',
  /**
   * Download, check and install a firmware package (`FirmwareUpdateParams`), reporting progress on
   * the firmware channel. Only a firmware rollout sends it (docs/gateway.md, "Firmware").
   */
  'FIRMWARE_UPDATE',
  /**
   * Dispense a paid order of the public page (`DispenseParams`): report the dispense's start and
   * end through the gateway under the order's `machineOrderNo`. Only the server sends it.
   */
  'DISPENSE',
  /** Stop the dispense of an order (`{ orderNo, machineOrderNo }`) and report what came out. Only the server sends it. */
  'STOP_DISPENSE',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** Commands only the server's own work sends (a firmware rollout, a sale of the public page). */
export const SERVER_COMMAND_TYPES = ['FIRMWARE_UPDATE', 'DISPENSE', 'STOP_DISPENSE'] as const;
type ServerCommandType = (typeof SERVER_COMMAND_TYPES)[number];

/** The commands staff send themselves. */
export type StaffCommandType = Exclude<CommandType, ServerCommandType>;
export const STAFF_COMMAND_TYPES: readonly StaffCommandType[] = COMMAND_TYPES.filter(
  (type): type is StaffCommandType => !(SERVER_COMMAND_TYPES as readonly string[]).includes(type),
);

/** The params of a DISPENSE command: which order, from which tap, how much; `untilStopped` fills until STOP_DISPENSE. */
export interface DispenseParams {
  orderNo: string;
  machineOrderNo: string;
  tap: number;
  waterType: 'COLD' | 'HOT';
  requestedMl: number;
  untilStopped: boolean;
}

/** Commands the console asks to confirm before sending: they interrupt sales. */
export const DESTRUCTIVE_COMMANDS: readonly CommandType[] = ['LOCK', 'REBOOT'];

/** The filters of a machine, in the order the water goes through them. */
export const FILTER_STAGES = ['SEDIMENT', 'CARBON', 'RO', 'POST_CARBON'] as const;

/** What staff may give with a command; each type takes the fields `COMMAND_PARAMS` names. */
export const CommandParams = Type.Object(
  {
    pulsesPerLitre: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    seconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 1800 })),
    stage: Type.Optional(OneOf(FILTER_STAGES)),
    ml: Type.Optional(Type.Integer({ minimum: 50, maximum: 1000 })),
    tap: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  },
  { additionalProperties: false },
);
export type CommandParams = Static<typeof CommandParams>;
export type CommandParam = keyof CommandParams;

/** The parameters each command requires (the server adds `prices` to SET_PRICES and `serverTime` to SYNC_CLOCK). */
export const COMMAND_PARAMS: Readonly<Record<CommandType, readonly CommandParam[]>> = {
  LOCK: [],
  UNLOCK: [],
  SET_PRICES: [],
  SET_PULSES_PER_LITRE: ['pulsesPerLitre'],
  RO_FLUSH: ['seconds'],
  REBOOT: [],
  SYNC_CLOCK: [],
  RESET_FILTER_COUNTER: ['stage'],
  TEST_DISPENSE: ['ml', 'tap'],
  REQUEST_STATUS: [],
  FIRMWARE_UPDATE: [],
  DISPENSE: [],
  STOP_DISPENSE: [],
};

export const COMMAND_STATES = [
  'QUEUED',
  'SENT',
  'DELIVERED',
  'SUCCEEDED',
  'FAILED',
  'TIMED_OUT',
  'EXPIRED',
  'CANCELLED',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** States in which a command still waits for its machine. */
export const PENDING_COMMAND_STATES: readonly CommandState[] = ['QUEUED', 'SENT', 'DELIVERED'];

/**
 * A command's life: queued when staff send it; sent when a transport hands it to the machine (a
 * heartbeat's answer, an MQTT publish; sent again until the machine acknowledges it); delivered
 * when the machine acknowledges receipt; then succeeded or failed as the machine reports. A
 * command never delivered within its time to live expires; one delivered without a result within
 * `COMMAND_RESULT_SECONDS` times out (a late result is still recorded). Staff may cancel it until
 * it is delivered.
 */
export const COMMAND_STATE_MACHINE = defineStateMachine({
  name: 'command',
  texts: { object: 'errors.objects.command', states: 'commands.states' },
  states: COMMAND_STATES,
  initial: ['QUEUED'],
  events: {
    SEND: { from: ['QUEUED', 'SENT'], to: ['SENT'], by: [SYSTEM_ACTOR] },
    DELIVER: { from: ['QUEUED', 'SENT'], to: ['DELIVERED'], by: [MACHINE_ACTOR] },
    SUCCEED: { from: ['QUEUED', 'SENT', 'DELIVERED', 'TIMED_OUT'], to: ['SUCCEEDED'], by: [MACHINE_ACTOR] },
    FAIL: { from: ['QUEUED', 'SENT', 'DELIVERED', 'TIMED_OUT'], to: ['FAILED'], by: [MACHINE_ACTOR] },
    TIME_OUT: { from: ['DELIVERED'], to: ['TIMED_OUT'], by: [SYSTEM_ACTOR] },
    EXPIRE: { from: ['QUEUED', 'SENT'], to: ['EXPIRED'], by: [SYSTEM_ACTOR] },
    CANCEL: { from: ['QUEUED', 'SENT'], to: ['CANCELLED'], by: [COMMAND_PERMISSIONS.command] },
  },
});
export type CommandEvent = keyof typeof COMMAND_STATE_MACHINE.events;

/** How long a command waits to be delivered unless its sender says otherwise. */
export const COMMAND_TTL_SECONDS = 3600;
/** The longest time to live a command may have: a week. */
export const COMMAND_TTL_MAX_SECONDS = 7 * 24 * 3600;
/** How long a delivered command may take to report its result before it times out. */
export const COMMAND_RESULT_SECONDS = 600;
/** The most machines one command is sent to at once. */
export const COMMAND_BATCH_MAX = 5000;

// ---------------------------------------------------------------- settings

/** Seconds between heartbeats a machine is told until its settings say otherwise. */
export const DEFAULT_HEARTBEAT_SECONDS = 60;

/** The settings a machine keeps, each desired by the console and reported by the machine. */
export const SettingsValues = Type.Object(
  {
    /** Flow-meter pulses per litre (calibration). */
    pulsesPerLitre: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    /** Seconds between heartbeats. */
    heartbeatSeconds: Type.Integer({ minimum: 10, maximum: 3600 }),
    /** Maintenance mode: no sales. */
    maintenance: Type.Boolean(),
    /** ppm of the water sold above which the machine stops selling and reports it. */
    tdsOutMax: Type.Integer({ minimum: 1, maximum: 5000 }),
    /** Percent of the tank at or below which the machine stops selling. */
    tankLowPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false },
);
export type SettingsValues = Static<typeof SettingsValues>;
export const SETTING_FIELDS = [
  'pulsesPerLitre',
  'heartbeatSeconds',
  'maintenance',
  'tdsOutMax',
  'tankLowPercent',
] as const;

/** The settings the console wants a machine to have; the version grows by one with each change. */
export const DesiredSettings = Type.Object({ version: Type.Integer({ minimum: 0 }), ...SettingsValues.properties });
export type DesiredSettings = Static<typeof DesiredSettings>;

/** What a machine applied, and the version it applied (every value optional: it reports what it has). */
export const ReportedSettings = Type.Object(
  {
    version: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
    pulsesPerLitre: Type.Optional(SettingsValues.properties.pulsesPerLitre),
    heartbeatSeconds: Type.Optional(SettingsValues.properties.heartbeatSeconds),
    maintenance: Type.Optional(SettingsValues.properties.maintenance),
    tdsOutMax: Type.Optional(SettingsValues.properties.tdsOutMax),
    tankLowPercent: Type.Optional(SettingsValues.properties.tankLowPercent),
  },
  { additionalProperties: false },
);
export type ReportedSettings = Static<typeof ReportedSettings>;

/** A machine's settings in the console: desired beside reported, and since when they differ. */
export const MachineSettings = Type.Object({
  machineId: Type.Integer(),
  desired: DesiredSettings,
  reported: Type.Union([ReportedSettings, Type.Null()]),
  reportedTime: Type.Union([DateTime, Type.Null()]),
  /** The machine has not reported the desired version yet. */
  drifting: Type.Boolean(),
  driftSince: Type.Union([DateTime, Type.Null()]),
  updateBy: Type.Union([Type.String(), Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type MachineSettings = Static<typeof MachineSettings>;

/** New desired settings, all at once; `version` (the one edited) refuses the change if another came meanwhile. */
export const DesiredSettingsInput = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 })), ...SettingsValues.properties },
  { additionalProperties: false },
);
export type DesiredSettingsInput = Static<typeof DesiredSettingsInput>;

// ---------------------------------------------------------------- the machine's side

/** A command as a machine receives it. */
export const MachineCommand = Type.Object({
  /** Unique; acknowledge with it, and do a command received twice only once. */
  commandId: Type.String(),
  type: OneOf(COMMAND_TYPES),
  /** The parameters of its type (`COMMAND_PARAMS`), `prices` for SET_PRICES, `serverTime` for SYNC_CLOCK, `settingsVersion` for settings. */
  params: Type.Record(Type.String(), Type.Unknown()),
  /** Milliseconds since 1970: after this, do not start it. */
  expiresAt: Type.Integer(),
});
export type MachineCommand = Static<typeof MachineCommand>;

export const ACK_RESULTS = ['DELIVERED', 'SUCCEEDED', 'FAILED'] as const;
export type AckResult = (typeof ACK_RESULTS)[number];

/** A machine's acknowledgement of a command: received (DELIVERED), then done or not. */
export const CommandAck = Type.Object(
  {
    commandId: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$', errorMessage: 'must be a command id' }),
    result: OneOf(ACK_RESULTS),
    /** Why it failed, or what it did. */
    message: Type.Optional(Type.String({ maxLength: 255 })),
    /** The settings it applied, when the command changed them. */
    reported: Type.Optional(ReportedSettings),
  },
  { additionalProperties: false },
);
export type CommandAck = Static<typeof CommandAck>;

/** The command's state after an acknowledgement. */
export const CommandAckAnswer = Type.Object({ commandId: Type.String(), state: OneOf(COMMAND_STATES) });
export type CommandAckAnswer = Static<typeof CommandAckAnswer>;

// ---------------------------------------------------------------- the console's side

/** A command as the console shows it: what, to which machine, by whom, when, and how it went. */
export const CommandRecord = Type.Object({
  id: Type.Integer(),
  commandId: Type.String(),
  machineId: Type.Integer(),
  serialNo: Type.String(),
  batchId: Type.Union([Type.Integer(), Type.Null()]),
  type: OneOf(COMMAND_TYPES),
  params: Type.Record(Type.String(), Type.Unknown()),
  state: OneOf(COMMAND_STATES),
  createBy: Type.String(),
  createTime: DateTime,
  expiresAt: DateTime,
  sentTime: Type.Union([DateTime, Type.Null()]),
  deliveredTime: Type.Union([DateTime, Type.Null()]),
  finishedTime: Type.Union([DateTime, Type.Null()]),
  /** What the machine said, or why the server ended it. */
  message: Type.Union([Type.String(), Type.Null()]),
});
export type CommandRecord = Static<typeof CommandRecord>;

export const CommandQuery = Type.Object({
  ...PageQuery.properties,
  state: Type.Optional(OneOf(COMMAND_STATES)),
});
export type CommandQuery = Static<typeof CommandQuery>;

const commandFields = {
  type: OneOf(STAFF_COMMAND_TYPES),
  params: Type.Optional(CommandParams),
  /** Seconds it may wait to be delivered (`COMMAND_TTL_SECONDS` when absent). */
  ttlSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: COMMAND_TTL_MAX_SECONDS })),
};

export const CommandInput = Type.Object(commandFields, { additionalProperties: false });
export type CommandInput = Static<typeof CommandInput>;

export const CommandBatchInput = Type.Object(
  { machineIds: Type.Array(Id(), { minItems: 1, maxItems: COMMAND_BATCH_MAX }), ...commandFields },
  { additionalProperties: false },
);
export type CommandBatchInput = Static<typeof CommandBatchInput>;

/** A command sent to many machines: how many it went to, and how many are in each state now. */
export const CommandBatch = Type.Object({
  id: Type.Integer(),
  type: OneOf(COMMAND_TYPES),
  total: Type.Integer(),
  createBy: Type.String(),
  createTime: DateTime,
  counts: Type.Record(Type.String(), Type.Integer(), { description: 'commands by state' }),
  /** Commands still waiting for their machines. */
  pending: Type.Integer(),
});
export type CommandBatch = Static<typeof CommandBatch>;
