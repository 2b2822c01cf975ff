import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuTreeNode } from '@water/contract/menus';
import { apiClient } from '@/lib/api-client.ts';
import { menuKeys } from '@/lib/query-keys.ts';

/** `GET api/menus/tree`: every menu and button as `{ id, label, children }`, for the permission tree. */
export async function getMenuTree(): Promise<MenuTreeNode[]> {
  const { data } = await apiClient.get<MenuTreeNode[]>('api/menus/tree');
  return data;
}

export const menuTreeQuery = queryOptions({ queryKey: menuKeys.tree(), queryFn: getMenuTree });

export function useMenuTree() {
  return useQuery(menuTreeQuery);
}
