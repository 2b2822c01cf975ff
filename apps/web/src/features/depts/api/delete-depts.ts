import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { deptKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/dept` with the ids as body: each department goes with all its sub-departments. */
export function deleteDepts(ids: number[]): Promise<void> {
  return deleteByIds('DELETE /api/dept', ids);
}

export function useDeleteDepts() {
  return useInvalidatingMutation(deleteDepts, [deptKeys.all]);
}
