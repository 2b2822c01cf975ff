import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { roleKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/roles` with the ids as body; the server refuses roles that users still hold. */
export function deleteRoles(ids: number[]): Promise<void> {
  return deleteByIds('DELETE /api/roles', ids);
}

export function useDeleteRoles() {
  return useInvalidatingMutation(deleteRoles, [roleKeys.all]);
}
