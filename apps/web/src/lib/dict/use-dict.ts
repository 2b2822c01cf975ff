import { queryOptions, useQueries } from '@tanstack/react-query';
import { dictKeys } from '@/lib/query-keys.ts';
import { assertDictNames, type DictItem, dictLabels, toDictItems } from './dict-items.ts';
import { fetchDictDetail } from './fetch-dict-detail.ts';

/** One cache entry per dictionary name, shared by every page that asks for it. */
export function dictQuery(name: string) {
  return queryOptions({
    queryKey: dictKeys.entries(name),
    queryFn: async () => toDictItems(await fetchDictDetail(name)),
    staleTime: 5 * 60_000,
  });
}

export interface Dicts {
  /** Entries by dictionary name; an empty list until loaded. */
  dict: Record<string, DictItem[]>;
  /** Label by value text, by dictionary name. */
  label: Record<string, Record<string, string>>;
  isLoading: boolean;
  isError: boolean;
}

/** `useDict('user_status', 'job_status')`: one request per name, cached and shared between pages. */
export function useDict(...names: string[]): Dicts {
  assertDictNames(names);
  return useQueries({
    queries: names.map(dictQuery),
    combine: (results) => ({
      dict: Object.fromEntries(names.map((name, index) => [name, results[index]?.data ?? []])),
      label: Object.fromEntries(names.map((name, index) => [name, dictLabels(results[index]?.data ?? [])])),
      isLoading: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
    }),
  });
}
