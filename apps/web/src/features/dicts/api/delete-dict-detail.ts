import { callApi } from '@/lib/call-api.ts';
import { dictKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/dictDetail/{id}`: one entry (the exception to deleting by a list of ids). */
export async function deleteDictDetail(id: number): Promise<void> {
  await callApi('DELETE /api/dictDetail/:id', { params: { id } });
}

export function useDeleteDictDetail() {
  return useInvalidatingMutation(deleteDictDetail, [dictKeys.all]);
}
