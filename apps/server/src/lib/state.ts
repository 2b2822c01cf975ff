import { type StateMachine, targetsOf } from '@water/contract/state-machine';
import { type HttpError, stateConflict } from './http-errors.ts';
import type { TextRef } from './texts.ts';

/** The console's refusal of a move: the record's kind and state in words (`errors.stateConflict`). */
export function conflictText(machine: StateMachine<string, string>, state: string): TextRef {
  return {
    key: 'errors.stateConflict',
    values: { object: { key: machine.texts.object }, state: { key: `${machine.texts.states}.${state}` } },
  };
}

/**
 * `409 STATE_CONFLICT`: the record is in `state`, where `event` may not happen (or no longer: another
 * request moved it meanwhile). The message is `message`, or a plain one; either way the console
 * shows the record's state in its own language.
 */
export function conflictIn<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  state: S,
  event: E,
  message?: string,
): HttpError {
  return stateConflict(
    message ?? `The ${machine.name} is ${state}: ${event.toLowerCase().replaceAll('_', ' ')} is not allowed`,
    state,
    event,
    conflictText(machine, state),
  );
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
  if (to === undefined || !targets.includes(to)) throw conflictIn(machine, state, event, options.message);
  return to;
}
