import type { QueryClient } from '@tanstack/react-query';

/**
 * After a change to dictionaries: the lists of this page and every dropdown that reads a
 * dictionary (`useDict`, key `['dict', name]`) fetch again, so open selects show the new labels.
 */
export function invalidateDicts(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['dicts'] }),
    queryClient.invalidateQueries({ queryKey: ['dict'] }),
  ]).then(() => undefined);
}
