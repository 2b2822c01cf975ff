import { callApi } from '@/lib/call-api.ts';
import { queryClient } from '@/lib/query-client.ts';
import { fileKeys } from '@/lib/query-keys.ts';

/**
 * `POST api/file/upload`, multipart field `file` → the stored file. `onProgress` gets the share
 * sent so far, 0 to 100. The client reports a refusal (kind of file, size) itself.
 */
export async function uploadFile(file: Blob, fileName: string, onProgress?: (percent: number) => void) {
  const body = new FormData();
  body.append('file', file, fileName);
  // No JSON type (the client's default): the browser sets multipart with its boundary.
  const data = await callApi(
    'POST /api/file/upload',
    { body },
    {
      headers: { 'Content-Type': null },
      onUploadProgress: (event) => {
        if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
      },
    },
  );
  await queryClient.invalidateQueries({ queryKey: fileKeys.all });
  return data;
}
