import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { menuKeys } from '@/lib/query-keys.ts';

/** `GET api/menus/child?id=`: the ids of a menu and of everything below it, for checking a branch at once. */
export async function getMenuSubtree(id: number): Promise<number[]> {
  const { data } = await apiClient.get<number[]>('api/menus/child', { params: { id } });
  return data;
}

export function menuSubtreeQuery(id: number) {
  return queryOptions({ queryKey: menuKeys.subtree(id), queryFn: () => getMenuSubtree(id) });
}
