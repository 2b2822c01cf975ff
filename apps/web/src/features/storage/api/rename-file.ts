import type { FileRename } from '@water/contract/storage';
import { callApi } from '@/lib/call-api.ts';
import { fileKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/file` → 204: a new display name. Validation messages go to the form. */
export async function renameFile(input: FileRename): Promise<void> {
  await callApi('PUT /api/file', { body: input }, { errorNotice: 'network' });
}

export function useRenameFile() {
  return useInvalidatingMutation(renameFile, [fileKeys.all]);
}
