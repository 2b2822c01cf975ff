import { queryOptions } from '@tanstack/react-query';
import type { Menu } from '@water/contract/menus';
import type { Nested } from '@/components/tree/lazy-tree.ts';
import { callApi } from '@/lib/call-api.ts';
import { menuKeys } from '@/lib/query-keys.ts';

/** `POST api/menus/superior`: the top level plus the siblings of each menu and of its ancestors, nested. */
export async function getMenuSuperior(ids: readonly number[]): Promise<Nested<Menu>[]> {
  return callApi('POST /api/menus/superior', { body: [...ids] });
}

export function menuSuperiorQuery(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: menuKeys.superior(sorted),
    queryFn: () => getMenuSuperior(sorted),
  });
}
