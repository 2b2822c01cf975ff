import Type, { type Static } from 'typebox';
import { DateTime, OneOf } from './common.ts';
import { defineStateMachine, SYSTEM_ACTOR } from './state-machine.ts';

/**
 * Work the server does in the background, for a user or for itself, each kind with its own
 * worker: a large orders export, a report's file, a scheduled report's mail, one attempt of a
 * notification's delivery, a closed period's statements, a firmware rollout's next stage.
 */
export const TASK_KINDS = [
  'orders-export',
  'report-file',
  'report-mail',
  'notification-delivery',
  'statements',
  'firmware-rollout',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/**
 * A background task: queued, taken by one instance, done, or failed after its last attempt; a
 * failed attempt with attempts left goes back to the queue (after a growing delay), and its owner
 * may queue a failed task again.
 */
export const TASK_STATE_MACHINE = defineStateMachine({
  name: 'task',
  texts: { object: 'tasks.object', states: 'tasks.states' },
  states: TASK_STATES,
  initial: ['QUEUED'],
  events: {
    START: { from: ['QUEUED', 'RUNNING'], to: ['RUNNING'], by: [SYSTEM_ACTOR] },
    FINISH: { from: ['RUNNING'], to: ['DONE'], by: [SYSTEM_ACTOR] },
    FAIL: { from: ['RUNNING'], to: ['QUEUED', 'FAILED'], by: [SYSTEM_ACTOR] },
    RETRY: { from: ['FAILED'], to: ['QUEUED'], by: ['signed-in'] },
  },
});
export type TaskEvent = keyof typeof TASK_STATE_MACHINE.events;

/** One of the caller's background tasks, as the jobs drawer shows it. */
export const Task = Type.Object({
  id: Type.Integer(),
  kind: OneOf(TASK_KINDS),
  state: OneOf(TASK_STATES),
  /** Per cent done, 0–100. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Attempts made so far (a failed attempt is retried after a growing delay). */
  attempts: Type.Integer(),
  /** Why the last attempt failed, in the caller's language. */
  error: Type.Union([Type.String(), Type.Null()]),
  /**
   * What the task works on and made, by its kind: the background export (`GET /api/exports/:id/file`)
   * of `orders-export`, the report file (`GET /api/reports/files/:id`) of `report-file`, the schedule
   * of `report-mail`, the delivery of `notification-delivery`, the rollout of `firmware-rollout`.
   */
  subjectId: Type.Union([Type.Integer(), Type.Null()]),
  createTime: DateTime,
  doneTime: Type.Union([DateTime, Type.Null()]),
});
export type Task = Static<typeof Task>;
