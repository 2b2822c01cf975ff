import type { EventBus, EventTopic } from './events.ts';

export interface CacheOptions<V> {
  /** Entries kept at most; the oldest goes first. */
  maxEntries?: number;
  /** Whether a loaded value is worth keeping (made-up keys that found nothing are not). */
  keep?: (value: V) => boolean;
}

/**
 * Values loaded once and kept until a change makes them stale: the one in-process cache of the
 * server. A failed load is not kept. `clearOn` empties it when a topic is published on any instance.
 */
export class InvalidatingCache<K, V> {
  readonly #entries = new Map<K, Promise<V>>();
  /** The entries whose load has finished, by the same keys: what `peek` can answer at once. */
  readonly #loaded = new Map<K, V>();

  constructor(private readonly options: CacheOptions<V> = {}) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    let entry = this.#entries.get(key);
    if (!entry) {
      const max = this.options.maxEntries;
      if (max !== undefined && this.#entries.size >= max) this.delete(this.#entries.keys().next().value as K);
      const keep = this.options.keep;
      entry = load().then((value) => {
        if (this.#entries.get(key) === entry) {
          if (keep && !keep(value)) this.#entries.delete(key);
          else this.#loaded.set(key, value);
        }
        return value;
      });
      entry.catch(() => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      });
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /** The value kept for `key` if its load has finished, without loading it. */
  peek(key: K): V | undefined {
    return this.#loaded.get(key);
  }

  delete(key: K): void {
    this.#entries.delete(key);
    this.#loaded.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#loaded.clear();
  }

  /** Empties the cache whenever one of the topics is published, here or on another instance. */
  clearOn(events: EventBus, ...topics: EventTopic[]): this {
    for (const topic of topics) events.on(topic, () => this.clear());
    return this;
  }
}
