import type { Artifact } from '@water/contract/artifacts';
import { fileNameFromDisposition, saveBlob } from '@/components/list/download-file.ts';
import { downloadApi } from '@/lib/call-api.ts';

/**
 * `GET api/artifacts/{id}/file`, signed in (a plain link would carry no token), saved under the
 * name the server gives: the uploaded name with its version (`app-v3.zip`).
 */
export async function downloadArtifact(artifact: Artifact): Promise<void> {
  const file = await downloadApi('GET /api/artifacts/:id/file', { params: { id: artifact.id } });
  saveBlob(file.data, fileNameFromDisposition(file.disposition) ?? artifact.name);
}
