import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/dict` with the ids as body; their entries go too. */
export function deleteDicts(ids: number[]): Promise<void> {
  return deleteByIds('DELETE /api/dict', ids);
}

export function useDeleteDicts() {
  return useInvalidatingMutation(deleteDicts, [dictKeys.all]);
}
