import { type StateMachine, targetsOf } from '@water/contract/state-machine';
import { stateConflict } from './http-errors.ts';
import type { TextRef } from './texts.ts';

/** The console's refusal of a move: the record's kind and state in words (`errors.stateConflict`). */
export function conflictText(machine: StateMachine<string, string>, state: string): TextRef {
  return {
    key: 'errors.stateConflict',
    values: { object: { key: machine.texts.object }, state: { key: `${machine.texts.states}.${state}` } },
  };
}

/**
 * The state an event moves a record to, checked against its state table: `to` when the service
 * chose one of the event's targets, else its only target. A forbidden move throws
 * `409 STATE_CONFLICT` with the record's state and the event (and `message`, or a plain one).
 */
export function moveBy<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  state: S,
  event: E,
  options: { to?: S; message?: string } = {},
): S {
  const targets = targetsOf(machine, state, event);
  const to = options.to ?? targets[0];
  if (to === undefined || !targets.includes(to)) {
    throw stateConflict(
      options.message ?? `The ${machine.name} is ${state}: ${event.toLowerCase().replaceAll('_', ' ')} is not allowed`,
      state,
      event,
      conflictText(machine, state),
    );
  }
  return to;
}
