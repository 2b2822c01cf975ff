import type { FileRename } from '@water/contract/storage';
import { apiClient } from '@/lib/api-client.ts';
import { fileKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/file` → 204: a new display name. Validation messages go to the form. */
export async function renameFile(input: FileRename): Promise<void> {
  await apiClient.put('api/file', input, { errorNotice: 'network' });
}

export function useRenameFile() {
  return useInvalidatingMutation(renameFile, [fileKeys.all]);
}
