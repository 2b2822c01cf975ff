import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Menu } from '@water/contract/menus';
import { fetchPage } from '@/components/list/fetch-page.ts';
import type { ListParams } from '@/components/list/list-params.ts';

/** `GET api/menus`: the top level, or with `blurry` every menu whose title, page or permission matches. */
export function getMenus(params: ListParams) {
  return fetchPage<Menu>('api/menus', params);
}

export function menusQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['menus', 'list', params] as const,
    queryFn: () => getMenus(params),
    placeholderData: keepPreviousData,
  });
}

export function useMenus(params: ListParams) {
  return useQuery(menusQuery(params));
}
