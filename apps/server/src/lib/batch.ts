import DataLoader from 'dataloader';

export interface BatchOptions {
  /** The most keys in one call; more wait for the next. */
  most?: number;
  /**
   * How long the first key of a batch waits for others, in milliseconds; by default until the end
   * of its turn of the event loop. A wait suits what arrives in bursts over several turns (a power
   * cut brings thousands of machines back within a moment).
   */
  gatherMs?: number;
}

/**
 * One call made of the calls asked for in one turn of the event loop. Under load a turn reads
 * many messages at once (a broker's socket holds many machines' heartbeats), and their reads and
 * writes go to the database as one statement each rather than one per message; a call alone waits
 * only for the end of its turn. Nothing is kept between batches: every call reads afresh.
 *
 * `run` answers each key, in the order given, with its value or with the error of that key alone.
 */
export function batched<K, V>(
  run: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  { most = 500, gatherMs }: BatchOptions = {},
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(run, {
    cache: false,
    maxBatchSize: most,
    batchScheduleFn:
      gatherMs === undefined ? (callback) => setImmediate(callback) : (callback) => setTimeout(callback, gatherMs),
  });
  return (key) => loader.load(key);
}
