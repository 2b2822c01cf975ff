import { queryOptions } from '@tanstack/react-query';
import type { Menu } from '@water/contract/menus';
import { callApi } from '@/lib/call-api.ts';
import { menuKeys } from '@/lib/query-keys.ts';

/** `GET api/menus/lazy?pid=`: the children of a menu; pid 0 gives the top level. */
export async function getMenuChildren(pid: number): Promise<Menu[]> {
  return callApi('GET /api/menus/lazy', { query: { pid } });
}

export function menuChildrenQuery(pid: number) {
  return queryOptions({
    queryKey: menuKeys.children(pid),
    queryFn: () => getMenuChildren(pid),
  });
}
