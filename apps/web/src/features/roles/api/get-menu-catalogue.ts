import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Menu } from '@water/contract/menus';
import { callApi } from '@/lib/call-api.ts';
import { menuKeys } from '@/lib/query-keys.ts';

async function childrenOf(pid: number): Promise<Menu[]> {
  return callApi('GET /api/menus/lazy', { query: { pid } });
}

/**
 * Every menu with the fields the sidebar is made of (type, path, page, icon, hidden), read level
 * by level through `api/menus/lazy` (which role managers may call), each level in parallel.
 */
export async function getMenuCatalogue(): Promise<Menu[]> {
  const all: Menu[] = [];
  let level = await childrenOf(0);
  while (level.length > 0) {
    all.push(...level);
    const parents = level.filter((menu) => menu.hasChildren);
    level = (await Promise.all(parents.map((menu) => childrenOf(menu.id)))).flat();
  }
  return all;
}

export const menuCatalogueQuery = queryOptions({
  queryKey: menuKeys.catalogue(),
  queryFn: getMenuCatalogue,
});

export function useMenuCatalogue() {
  return useQuery(menuCatalogueQuery);
}
