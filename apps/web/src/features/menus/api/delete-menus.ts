import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { menuKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/menus` with the ids as body: each menu goes with everything below it, and leaves every role. */
export function deleteMenus(ids: number[]): Promise<void> {
  return deleteByIds('DELETE /api/menus', ids);
}

export function useDeleteMenus() {
  return useInvalidatingMutation(deleteMenus, [menuKeys.all]);
}
