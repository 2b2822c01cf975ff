/**
 * A business object's states and what moves it: for each event, the states it may happen in, the
 * states it may lead to, and who may cause it. The server decides with these tables and the web
 * offers only the events they allow; a forbidden event is answered `409 STATE_CONFLICT` naming
 * the state and the event.
 */

/**
 * Who causes an event: staff holding a permission (`refund:review`), or one of the actors that
 * are not staff: the machine itself (signed gateway call), a payment channel's notification, or
 * the server's own scheduled work.
 */
export type Actor = string;
export const MACHINE_ACTOR = 'machine';
export const CHANNEL_ACTOR = 'channel';
export const SYSTEM_ACTOR = 'system';

export interface Transition<S extends string> {
  from: readonly S[];
  /** The states it may lead to (the service picks one by the object's figures); `unchanged` keeps the state. */
  to: readonly S[] | 'unchanged';
  by: readonly Actor[];
}

export interface StateMachine<S extends string, E extends string> {
  /** The object, as the error message names it: `order`, `refund`, `coupon`. */
  name: string;
  /** Keys of the console's texts: the object's name, and its states' labels (`orders.states`). */
  texts: { object: string; states: string };
  states: readonly S[];
  /** The states an object is created in. */
  initial: readonly S[];
  events: Readonly<Record<E, Transition<S>>>;
}

export function defineStateMachine<const S extends string, const E extends string>(
  machine: StateMachine<S, E>,
): StateMachine<S, E> {
  return machine;
}

/** Whether the event may happen to an object in that state. */
export function allows<S extends string, E extends string>(machine: StateMachine<S, E>, state: S, event: E): boolean {
  return machine.events[event].from.includes(state);
}

/** The states the event may lead to from that state; none when it may not happen there. */
export function targetsOf<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  state: S,
  event: E,
): readonly S[] {
  const transition = machine.events[event];
  if (!transition.from.includes(state)) return [];
  return transition.to === 'unchanged' ? [state] : transition.to;
}

/** The events open to an object in that state, for an actor when `can` says which actors it may act as. */
export function eventsFrom<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  state: S,
  can: (actor: Actor) => boolean = () => true,
): E[] {
  return (Object.keys(machine.events) as E[]).filter(
    (event) => allows(machine, state, event) && machine.events[event].by.some(can),
  );
}
