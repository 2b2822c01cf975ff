import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { menuKeys } from '@/lib/query-keys.ts';

/** `GET api/menus/child?id=`: the ids of a menu and of everything below it, for checking a branch at once. */
export async function getMenuSubtree(id: number): Promise<number[]> {
  return callApi('GET /api/menus/child', { query: { id } });
}

export function menuSubtreeQuery(id: number) {
  return queryOptions({ queryKey: menuKeys.subtree(id), queryFn: () => getMenuSubtree(id) });
}
