import { Readable } from 'node:stream';
import memoryPersistence, { type AedesMemoryPersistence, type Packet } from 'aedes-persistence';

const WILDCARD = /[+#]/;

/**
 * The broker's in-memory store, but for one thing: the retained messages a subscription without
 * wildcards receives are looked up by their topic. The store alone tests every retained message
 * against every subscription, and each machine keeps a retained status: with thousands connected,
 * their subscriptions (never with a wildcard, mqtt-topics.ts) cost the square of their number.
 */
export function retainedByTopicPersistence(): AedesMemoryPersistence {
  const persistence = memoryPersistence();
  const retained = new Map<string, Packet>();
  const store = persistence.storeRetained.bind(persistence);
  const scan = persistence.createRetainedStreamCombi.bind(persistence);
  persistence.storeRetained = (packet, done) => {
    const { topic, payload } = packet as Packet & { topic: string; payload: Buffer };
    if (payload.length === 0) retained.delete(topic);
    else retained.set(topic, packet);
    return store(packet, done);
  };
  persistence.createRetainedStreamCombi = (patterns) =>
    patterns.some((pattern) => WILDCARD.test(pattern))
      ? scan(patterns)
      : Readable.from(patterns.flatMap((topic) => retained.get(topic) ?? []));
  return persistence;
}
