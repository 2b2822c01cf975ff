import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { jobKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/job` with the ids as body; the server refuses jobs someone still holds. */
export function deleteJobs(ids: number[]): Promise<void> {
  return deleteByIds('DELETE /api/job', ids);
}

export function useDeleteJobs() {
  return useInvalidatingMutation(deleteJobs, [jobKeys.all]);
}
