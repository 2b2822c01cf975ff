import type { Artifact, ArtifactKind } from '@water/contract/artifacts';
import { callApi } from '@/lib/call-api.ts';
import { artifactKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

export interface ArtifactUpload {
  kind: ArtifactKind;
  file: File;
  notes?: string;
  /** The share sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST api/deploy/upload` or `api/database/upload` (multipart field `file`, `?notes=`) → the kept
 * version. A refusal naming the file shows on the form's file field.
 */
export async function uploadArtifact({ kind, file, notes, onProgress }: ArtifactUpload): Promise<Artifact> {
  const body = new FormData();
  body.append('file', file, file.name);
  return callApi(
    `POST /api/${kind}/upload`,
    { query: notes ? { notes } : undefined, body },
    {
      // No JSON type (the client's default): the browser sets multipart with its boundary.
      headers: { 'Content-Type': null },
      errorNotice: 'network',
      onUploadProgress: (event) => {
        if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
      },
    },
  );
}

export function useUploadArtifact() {
  return useInvalidatingMutation(uploadArtifact, [artifactKeys.all]);
}
