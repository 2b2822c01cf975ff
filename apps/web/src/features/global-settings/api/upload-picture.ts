import { useMutation } from '@tanstack/react-query';
import type { StoredFile } from '@water/contract/storage';
import { apiClient } from '@/lib/api-client.ts';

/**
 * `POST api/pictures`, multipart field `file` → the stored image, served at its `url` (`/files/<name>`).
 * A refusal (not an image, too large) is shown by the client.
 */
export async function uploadPicture(file: Blob, fileName: string): Promise<StoredFile> {
  const body = new FormData();
  body.append('file', file, fileName);
  // No JSON type (the client's default): the browser sets multipart with its boundary.
  const { data } = await apiClient.post<StoredFile>('api/pictures', body, {
    headers: { 'Content-Type': null },
  });
  return data;
}

export function useUploadPicture() {
  return useMutation({ mutationFn: ({ file, name }: { file: Blob; name: string }) => uploadPicture(file, name) });
}
