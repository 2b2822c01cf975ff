import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { menuKeys } from '@/lib/query-keys.ts';

/** `GET api/menus`: the top level, or with `blurry` every menu whose title, page or permission matches. */
export function menusQuery(params: RouteListParams<'GET /api/menus'>) {
  return pageQuery('GET /api/menus', menuKeys.list(params), params);
}

export function useMenus(params: RouteListParams<'GET /api/menus'>) {
  return useQuery(menusQuery(params));
}
