import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { userKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/users` with the ids as body. */
export function deleteUsers(ids: number[]): Promise<void> {
  return deleteByIds('DELETE /api/users', ids);
}

export function useDeleteUsers() {
  return useInvalidatingMutation(deleteUsers, [userKeys.all]);
}
