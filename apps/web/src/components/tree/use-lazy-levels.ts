import { type UseQueryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: each caller's query has its own key tuple.
export type LevelQuery<T> = (pid: number) => UseQueryOptions<T[], Error, T[], any>;

export interface LazyLevels<T> {
  /** Children by parent id, for every level opened so far; refreshed when its query is invalidated. */
  levels: ReadonlyMap<number, readonly T[]>;
  /** Loads the children of a record (once; later calls reuse the cache). */
  load: (pid: number) => Promise<void>;
  /** Whether an opened level is being fetched. */
  isFetching: boolean;
  /** Forgets the opened levels, e.g. when a search replaces the tree. */
  clear: () => void;
}

/** The levels of a tree that the user has opened, each one query of the shared cache. */
export function useLazyLevels<T>(levelQuery: LevelQuery<T>): LazyLevels<T> {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<number[]>([]);
  const results = useQueries({ queries: opened.map((pid) => levelQuery(pid)) });
  const dataKey = results.map((result) => result.dataUpdatedAt).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when any level's data changes, not on every render.
  const levels = useMemo(() => {
    const map = new Map<number, readonly T[]>();
    opened.forEach((pid, index) => {
      const data = results[index]?.data;
      if (data) map.set(pid, data);
    });
    return map;
  }, [opened, dataKey]);
  const load = useCallback(
    async (pid: number) => {
      await queryClient.fetchQuery(levelQuery(pid));
      setOpened((previous) => (previous.includes(pid) ? previous : [...previous, pid]));
    },
    [queryClient, levelQuery],
  );
  const clear = useCallback(() => setOpened([]), []);
  return { levels, load, isFetching: results.some((result) => result.isFetching), clear };
}
