import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';

/**
 * `POST api/pictures`, multipart field `file` → the stored image, served at its `url` (`/files/<name>`).
 * A refusal (not an image, too large) is shown by the client.
 */
export function uploadPicture(file: Blob, fileName: string) {
  const body = new FormData();
  body.append('file', file, fileName);
  // No JSON type (the client's default): the browser sets multipart with its boundary.
  return callApi('POST /api/pictures', { body }, { headers: { 'Content-Type': null } });
}

export function useUploadPicture() {
  return useMutation({ mutationFn: ({ file, name }: { file: Blob; name: string }) => uploadPicture(file, name) });
}
