import type { Artifact } from '@water/contract/artifacts';
import { fileNameFromDisposition, saveBlob } from '@/components/list/download-file.ts';
import { apiClient } from '@/lib/api-client.ts';

/**
 * `GET api/artifacts/{id}/file`, signed in (a plain link would carry no token), saved under the
 * name the server gives: the uploaded name with its version (`app-v3.zip`).
 */
export async function downloadArtifact(artifact: Artifact): Promise<void> {
  const response = await apiClient.get<Blob>(artifact.url.replace(/^\//, ''), { responseType: 'blob' });
  const named = fileNameFromDisposition(response.headers['content-disposition'] as string | undefined);
  saveBlob(response.data, named ?? artifact.name);
}
