import { queryOptions, useQueries } from '@tanstack/react-query';
import { useSeededText } from '@/lib/menu-title.ts';
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

/**
 * `useDict('user_status', 'job_status')`: one request per name, cached and shared between pages.
 * Seeded labels ("Enabled") show in the console's language; labels staff typed show as typed.
 */
export function useDict(...names: string[]): Dicts {
  assertDictNames(names);
  const seeded = useSeededText();
  return useQueries({
    queries: names.map(dictQuery),
    combine: (results) => {
      const shown = names.map((_, index) =>
        (results[index]?.data ?? []).map((item) => ({ ...item, label: seeded(item.label) })),
      );
      return {
        dict: Object.fromEntries(names.map((name, index) => [name, shown[index] ?? []])),
        label: Object.fromEntries(names.map((name, index) => [name, dictLabels(shown[index] ?? [])])),
        isLoading: results.some((result) => result.isPending),
        isError: results.some((result) => result.isError),
      };
    },
  });
}
