import DataLoader from 'dataloader';

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
  most = 500,
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(run, {
    cache: false,
    maxBatchSize: most,
    batchScheduleFn: (callback) => setImmediate(callback),
  });
  return (key) => loader.load(key);
}
