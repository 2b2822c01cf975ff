import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

const CHANNEL = 'water_console_events';

export type EventTopic = 'sessions' | 'principals' | 'menus' | 'dicts' | 'settings';

/** `'*'` as payload means "everything": drop all cached state of that topic. */
export type EventHandler = (payload: unknown) => void;

export interface EventBus {
  /** Delivers at once in this process and, with PostgreSQL, to every other instance. */
  publish(topic: EventTopic, payload: unknown): Promise<void>;
  on(topic: EventTopic, handler: EventHandler): void;
  /** Stops listening to the other instances. */
  close(): Promise<void>;
}

/** Cross-instance invalidation of in-process caches, over PostgreSQL LISTEN/NOTIFY. */
export async function createEventBus(database: DatabaseHandle, log: FastifyBaseLogger): Promise<EventBus> {
  const instance = randomUUID();
  const handlers = new Map<EventTopic, Set<EventHandler>>();
  const deliver = (topic: EventTopic, payload: unknown) => {
    for (const handler of handlers.get(topic) ?? []) handler(payload);
  };
  const shared = database.kind === 'postgres';
  const stopListening = shared
    ? await database.listen(CHANNEL, (raw) => {
        if (raw === '*') {
          for (const topic of handlers.keys()) deliver(topic, '*');
          return;
        }
        try {
          const message = JSON.parse(raw) as { from: string; topic: EventTopic; payload: unknown };
          if (message.from !== instance) deliver(message.topic, message.payload);
        } catch {
          log.warn('ignored a malformed event notification');
        }
      })
    : async () => {};
  return {
    publish: async (topic, payload) => {
      deliver(topic, payload);
      if (shared) await database.notify(CHANNEL, JSON.stringify({ from: instance, topic, payload }));
    },
    on: (topic, handler) => {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
    },
    close: stopListening,
  };
}
