import Type, { type Static } from 'typebox';
import { DateTime, Id, OneOf, PageQuery } from './common.ts';
import { defineStateMachine, MACHINE_ACTOR, SYSTEM_ACTOR } from './state-machine.ts';

/**
 * Firmware: packages per machine model, and rollouts that take one to a selection of machines in
 * stages, stopping themselves when too many updates fail. A machine is sent each update as a
 * FIRMWARE_UPDATE command, downloads the package through a signed link and reports its progress
 * (docs/gateway.md, "Firmware").
 */

/** Uploading and removing packages, starting and steering rollouts (and seeing them). */
export const FIRMWARE_PERMISSIONS = { firmware: 'device:firmware' } as const;

/** A firmware version as machines report it: letters, digits, `.`, `_`, `+` or `-`. */
export const FirmwareVersion = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$',
  errorMessage: 'must be 1 to 64 letters, digits, ".", "_", "+" or "-", starting with a letter or digit',
});

/** A firmware package: one version of one model's firmware, its SHA-256 computed by the server. */
export const FirmwarePackage = Type.Object({
  id: Type.Integer(),
  modelId: Type.Integer(),
  modelName: Type.String(),
  version: Type.String(),
  /** Lowercase hex SHA-256 of the file, as the server computed it on upload. */
  sha256: Type.String(),
  size: Type.Integer(),
  fileName: Type.String(),
  notes: Type.Union([Type.String(), Type.Null()]),
  /** A rollout takes it (or took it): it cannot be deleted. */
  inUse: Type.Boolean(),
  createBy: Type.String(),
  createTime: DateTime,
});
export type FirmwarePackage = Static<typeof FirmwarePackage>;

/** What goes with an uploaded file (multipart field "file"). */
export const FirmwareUploadQuery = Type.Object(
  {
    modelId: Id(),
    version: FirmwareVersion,
    notes: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type FirmwareUploadQuery = Static<typeof FirmwareUploadQuery>;

export const FirmwarePackageQuery = Type.Object({
  ...PageQuery.properties,
  modelId: Type.Optional(Id()),
});
export type FirmwarePackageQuery = Static<typeof FirmwarePackageQuery>;

// ---------------------------------------------------------------- one machine's update

export const UPDATE_STATES = [
  'PENDING',
  'SENT',
  'DOWNLOADING',
  'INSTALLING',
  'SUCCEEDED',
  'FAILED',
  'TIMED_OUT',
  'CANCELLED',
] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];

/** Updates that hold their machine: it takes no other update meanwhile. */
export const ACTIVE_UPDATE_STATES: readonly UpdateState[] = ['PENDING', 'SENT', 'DOWNLOADING', 'INSTALLING'];
/** Attempts that count for the stop rule; a failed one is FAILED or TIMED_OUT. */
export const FINISHED_UPDATE_STATES: readonly UpdateState[] = ['SUCCEEDED', 'FAILED', 'TIMED_OUT'];
export const FAILED_UPDATE_STATES: readonly UpdateState[] = ['FAILED', 'TIMED_OUT'];

/**
 * One machine's update within a rollout: pending until its stage starts; sent when its command is
 * queued; downloading and installing as the machine reports (it may skip a step); succeeded or
 * failed as it reports the end; timed out when it has not ended within FIRMWARE_UPDATE_TIMEOUT of
 * being sent (a late result is still recorded). Cancelling a rollout cancels its updates not yet
 * under way on their machines; a halted rollout's updates still waiting for their stage are
 * cancelled with it.
 */
export const UPDATE_STATE_MACHINE = defineStateMachine({
  name: 'firmware update',
  texts: { object: 'errors.objects.firmwareUpdate', states: 'firmware.updateStates' },
  states: UPDATE_STATES,
  initial: ['PENDING'],
  events: {
    SEND: { from: ['PENDING'], to: ['SENT'], by: [SYSTEM_ACTOR] },
    DOWNLOAD: { from: ['SENT', 'DOWNLOADING'], to: ['DOWNLOADING'], by: [MACHINE_ACTOR] },
    INSTALL: { from: ['SENT', 'DOWNLOADING', 'INSTALLING'], to: ['INSTALLING'], by: [MACHINE_ACTOR] },
    SUCCEED: { from: ['SENT', 'DOWNLOADING', 'INSTALLING', 'TIMED_OUT'], to: ['SUCCEEDED'], by: [MACHINE_ACTOR] },
    FAIL: { from: ['SENT', 'DOWNLOADING', 'INSTALLING', 'TIMED_OUT'], to: ['FAILED'], by: [MACHINE_ACTOR] },
    TIME_OUT: { from: ['SENT', 'DOWNLOADING', 'INSTALLING'], to: ['TIMED_OUT'], by: [SYSTEM_ACTOR] },
    /** Staff cancelling the rollout, or the server halting it (its later stages never go out). */
    CANCEL: { from: ['PENDING', 'SENT'], to: ['CANCELLED'], by: [FIRMWARE_PERMISSIONS.firmware, SYSTEM_ACTOR] },
  },
});
export type UpdateEvent = keyof typeof UPDATE_STATE_MACHINE.events;

/** A machine's update as the console shows it. */
export const FirmwareUpdate = Type.Object({
  id: Type.Integer(),
  /** What the machine knows the update by (in the command and its reports). */
  updateId: Type.String(),
  rolloutId: Type.Integer(),
  machineId: Type.Integer(),
  serialNo: Type.String(),
  packageId: Type.Integer(),
  version: Type.String(),
  /** The firmware the machine ran when the rollout took it. */
  fromVersion: Type.Union([Type.String(), Type.Null()]),
  stage: Type.Integer(),
  state: OneOf(UPDATE_STATES),
  percent: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  sentTime: Type.Union([DateTime, Type.Null()]),
  finishedTime: Type.Union([DateTime, Type.Null()]),
  updateTime: DateTime,
});
export type FirmwareUpdate = Static<typeof FirmwareUpdate>;

export const FirmwareUpdateQuery = Type.Object({
  ...PageQuery.properties,
  state: Type.Optional(OneOf(UPDATE_STATES)),
});
export type FirmwareUpdateQuery = Static<typeof FirmwareUpdateQuery>;

// ---------------------------------------------------------------- rollouts

export const ROLLOUT_STATES = ['RUNNING', 'PAUSED', 'HALTED', 'COMPLETED', 'CANCELLED', 'ROLLED_BACK'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/**
 * A rollout's life: running while its stages go out, one after another (each starts when every
 * machine of the one before has finished); paused and resumed by staff (updates already sent go
 * on, no stage starts meanwhile); halted by the server when the stop rule holds; completed when
 * the last stage has finished; cancelled by staff; rolled back by staff once it has stopped (a new
 * rollout takes the machines it updated back to the previous version).
 */
export const ROLLOUT_STATE_MACHINE = defineStateMachine({
  name: 'rollout',
  texts: { object: 'errors.objects.rollout', states: 'firmware.rolloutStates' },
  states: ROLLOUT_STATES,
  initial: ['RUNNING'],
  events: {
    PAUSE: { from: ['RUNNING'], to: ['PAUSED'], by: [FIRMWARE_PERMISSIONS.firmware] },
    RESUME: { from: ['PAUSED'], to: ['RUNNING'], by: [FIRMWARE_PERMISSIONS.firmware] },
    HALT: { from: ['RUNNING', 'PAUSED'], to: ['HALTED'], by: [SYSTEM_ACTOR] },
    COMPLETE: { from: ['RUNNING'], to: ['COMPLETED'], by: [SYSTEM_ACTOR] },
    CANCEL: { from: ['RUNNING', 'PAUSED', 'HALTED'], to: ['CANCELLED'], by: [FIRMWARE_PERMISSIONS.firmware] },
    ROLL_BACK: {
      from: ['HALTED', 'COMPLETED', 'CANCELLED'],
      to: ['ROLLED_BACK'],
      by: [FIRMWARE_PERMISSIONS.firmware],
    },
  },
});
export type RolloutEvent = keyof typeof ROLLOUT_STATE_MACHINE.events;

/** The stages of a rollout unless batch sizes are chosen: percent of its machines reached by each. */
export const DEFAULT_STAGE_PERCENTS = [1, 10, 100] as const;
/**
 * The fewest machines of a first stage (all of them when fewer are chosen), so that the stop rule
 * can judge the first stage on its own.
 */
export const FIRST_STAGE_MIN = 20;
/** The stop rule: at least this many finished attempts… */
export const STOP_MIN_ATTEMPTS = 20;
/** …of which at least this percent failed (FAILED or TIMED_OUT). */
export const STOP_FAILED_PERCENT = 5;
/** The most machines one rollout takes. */
export const ROLLOUT_MAX_MACHINES = 5000;
export const ROLLOUT_MAX_STAGES = 10;

/**
 * Machines' ids of the package's model, in the order the stages take them; `batchSizes` the
 * machines of each stage (the last stage takes the rest; the first at least FIRST_STAGE_MIN).
 */
export const RolloutInput = Type.Object(
  {
    packageId: Id(),
    machineIds: Type.Array(Id(), { minItems: 1, maxItems: ROLLOUT_MAX_MACHINES }),
    batchSizes: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: ROLLOUT_MAX_MACHINES }), {
        minItems: 1,
        maxItems: ROLLOUT_MAX_STAGES,
      }),
    ),
  },
  { additionalProperties: false },
);
export type RolloutInput = Static<typeof RolloutInput>;

const Counts = Type.Record(Type.String(), Type.Integer(), { description: 'updates by state' });

export const RolloutStage = Type.Object({
  /** 1 for the first. */
  stage: Type.Integer(),
  size: Type.Integer(),
  counts: Counts,
  /** Its updates have been sent. */
  started: Type.Boolean(),
});
export type RolloutStage = Static<typeof RolloutStage>;

export const Rollout = Type.Object({
  id: Type.Integer(),
  packageId: Type.Integer(),
  modelId: Type.Integer(),
  modelName: Type.String(),
  version: Type.String(),
  state: OneOf(ROLLOUT_STATES),
  /** Why the server halted it, in the reader's language. */
  haltReason: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer(),
  /** The stage going out (1 for the first). */
  currentStage: Type.Integer(),
  stages: Type.Array(RolloutStage),
  counts: Counts,
  /** The rollout this one rolls back. */
  rollbackOf: Type.Union([Type.Integer(), Type.Null()]),
  /** The rollout that rolled this one back. */
  rolledBackBy: Type.Union([Type.Integer(), Type.Null()]),
  createBy: Type.String(),
  createTime: DateTime,
  finishTime: Type.Union([DateTime, Type.Null()]),
});
export type Rollout = Static<typeof Rollout>;

export const RolloutQuery = Type.Object({
  ...PageQuery.properties,
  state: Type.Optional(OneOf(ROLLOUT_STATES)),
});
export type RolloutQuery = Static<typeof RolloutQuery>;

export const ROLLOUT_ACTIONS = ['pause', 'resume', 'cancel', 'rollback'] as const;
export type RolloutAction = (typeof ROLLOUT_ACTIONS)[number];
export const ROLLOUT_ACTION_EVENTS: Readonly<Record<RolloutAction, RolloutEvent>> = {
  pause: 'PAUSE',
  resume: 'RESUME',
  cancel: 'CANCEL',
  rollback: 'ROLL_BACK',
};
export const RolloutActionRef = Type.Object({ id: Id(), action: OneOf(ROLLOUT_ACTIONS) });

/**
 * The cumulative number of machines reached by the end of each stage: by `batchSizes` when chosen
 * (the last stage takes the rest), else by DEFAULT_STAGE_PERCENTS; the first stage takes at least
 * FIRST_STAGE_MIN machines, and stages that would add none are left out.
 */
export function stageEnds(total: number, batchSizes?: readonly number[]): number[] {
  let reached = 0;
  const wanted = batchSizes
    ? batchSizes.map((size) => (reached += size))
    : DEFAULT_STAGE_PERCENTS.map((percent) => Math.ceil((total * percent) / 100));
  const ends: number[] = [];
  for (const end of [...wanted, total]) {
    const reached = Math.min(total, Math.max(end, ends.length === 0 ? FIRST_STAGE_MIN : 0));
    if (reached > (ends.at(-1) ?? 0)) ends.push(reached);
  }
  return ends;
}

/** The stop rule: enough finished attempts, and too large a share of them failed. */
export function shouldStop(finished: number, failed: number): boolean {
  return finished >= STOP_MIN_ATTEMPTS && failed * 100 >= finished * STOP_FAILED_PERCENT;
}
