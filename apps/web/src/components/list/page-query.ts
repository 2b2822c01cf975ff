import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import { fetchPage } from './fetch-page.ts';
import type { ListParams } from './list-params.ts';

/** The query of one page of a list: the page shown stays while the next one loads. */
export function pageQuery<T>(url: string, queryKey: QueryKey, params: ListParams) {
  return queryOptions<PageOf<T>>({
    queryKey,
    queryFn: () => fetchPage<T>(url, params),
    placeholderData: keepPreviousData,
  });
}
