import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { fileKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/file` with the ids as body: the records and the stored files go. */
export function deleteFiles(ids: number[]): Promise<void> {
  return deleteByIds('DELETE /api/file', ids);
}

export function useDeleteFiles() {
  return useInvalidatingMutation(deleteFiles, [fileKeys.all]);
}
