import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuTreeNode } from '@water/contract/menus';
import { callApi } from '@/lib/call-api.ts';
import { menuKeys } from '@/lib/query-keys.ts';

/** `GET api/menus/tree`: every menu and button as `{ id, label, children }`, for the permission tree. */
export async function getMenuTree(): Promise<MenuTreeNode[]> {
  return callApi('GET /api/menus/tree');
}

export const menuTreeQuery = queryOptions({ queryKey: menuKeys.tree(), queryFn: getMenuTree });

export function useMenuTree() {
  return useQuery(menuTreeQuery);
}
