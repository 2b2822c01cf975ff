import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { ApiQuery, ApiReply, PageRouteKey } from '@/lib/call-api.ts';
import { fetchPage } from './fetch-page.ts';

/** The query of one page of a list route: the page shown stays while the next one loads. */
export function pageQuery<K extends PageRouteKey>(key: K, queryKey: QueryKey, query: ApiQuery<K>) {
  return queryOptions<ApiReply<K>>({
    queryKey,
    queryFn: () => fetchPage(key, query),
    placeholderData: keepPreviousData,
  });
}
