import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

const CHANNEL = 'water_console_events';

/** How long a change waits for the other instances to confirm they dropped what it made stale. */
const CONFIRM_TIMEOUT_MS = 2000;

/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const MAX_NOTIFICATION_BYTES = 7900;

export type EventTopic =
  | 'sessions'
  | 'principals'
  | 'menus'
  | 'dicts'
  | 'settings'
  | 'policies'
  | 'alarms'
  | 'payment-channels';

/** `'*'` as payload means "everything": drop all cached state of that topic. */
export type EventHandler = (payload: unknown) => void;

export interface EventBus {
  /**
   * Delivers at once in this process and, with PostgreSQL, to every other instance; resolves
   * once every instance has handled it, so that the next request anywhere sees the change.
   */
  publish(topic: EventTopic, payload: unknown): Promise<void>;
  on(topic: EventTopic, handler: EventHandler): void;
  /** Stops listening to the other instances. */
  close(): Promise<void>;
}

type Message = { from: string; id: string; topic: EventTopic; payload: unknown } | { from: string; confirms: string };

interface Waiting {
  confirmedBy: Set<string>;
  check: () => void;
  /** Stops waiting. */
  done: () => void;
}

/**
 * Cross-instance invalidation of in-process caches, over PostgreSQL LISTEN/NOTIFY. A notification
 * reaches the other instances a little after the change commits; were the change answered at
 * once, a client's next request could reach an instance that has not yet dropped the stale entry
 * (a signed-out session still accepted). So each instance confirms every event it handled, and
 * `publish` waits for the confirmations of every instance listening on the database.
 */
export async function createEventBus(database: DatabaseHandle, log: FastifyBaseLogger): Promise<EventBus> {
  const instance = randomUUID();
  const handlers = new Map<EventTopic, Set<EventHandler>>();
  const waiting = new Map<string, Waiting>();
  const deliver = (topic: EventTopic, payload: unknown) => {
    for (const handler of handlers.get(topic) ?? []) handler(payload);
  };
  const send = (message: Message) => database.notify(CHANNEL, JSON.stringify(message));
  const shared = database.kind === 'postgres';
  const stopListening = shared
    ? await database.listen(CHANNEL, (raw) => {
        if (raw === '*') {
          for (const topic of handlers.keys()) deliver(topic, '*');
          return;
        }
        let message: Message;
        try {
          message = JSON.parse(raw) as Message;
        } catch {
          log.warn('ignored a malformed event notification');
          return;
        }
        if (message.from === instance) return;
        if ('confirms' in message) {
          const wait = waiting.get(message.confirms);
          wait?.confirmedBy.add(message.from);
          wait?.check();
          return;
        }
        deliver(message.topic, message.payload);
        send({ from: instance, confirms: message.id }).catch(() =>
          log.warn('could not confirm an event to the other instances'),
        );
      })
    : async () => {};

  /** Waits until `peers` other instances confirmed event `id`, or gives up after the timeout. */
  const confirmations = (id: string, peers: Promise<number>) =>
    new Promise<void>((resolve) => {
      let expected = Number.POSITIVE_INFINITY;
      const wait: Waiting = {
        confirmedBy: new Set(),
        check: () => {
          if (wait.confirmedBy.size >= expected) wait.done();
        },
        done: () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        log.warn({ confirmed: wait.confirmedBy.size, expected }, 'not every instance confirmed a change in time');
        wait.done();
      }, CONFIRM_TIMEOUT_MS);
      waiting.set(id, wait);
      peers.then(
        (count) => {
          expected = count;
          wait.check();
        },
        () => wait.done(),
      );
    });

  return {
    publish: async (topic, payload) => {
      deliver(topic, payload);
      if (!shared) return;
      const id = randomUUID();
      let message: Message = { from: instance, id, topic, payload };
      // Too large to notify: the other instances drop everything of that topic instead.
      if (Buffer.byteLength(JSON.stringify(message)) > MAX_NOTIFICATION_BYTES) {
        message = { from: instance, id, topic, payload: '*' };
      }
      // Counted before the notification goes out: an instance that starts listening later has nothing stale.
      const peers = database.listeners().then((count) => Math.max(0, count - 1));
      const confirmed = confirmations(id, peers);
      try {
        await send(message);
      } catch (error) {
        waiting.get(id)?.done();
        throw error;
      }
      await confirmed;
    },
    on: (topic, handler) => {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
    },
    close: stopListening,
  };
}
