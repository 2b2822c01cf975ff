import { downloadName, saveBlob } from '@/components/list/download-file.ts';
import { callApi } from '@/lib/call-api.ts';

/** `POST api/machines/stickers`: the chosen machines' stickers as a PDF for A4 label sheets, downloaded. */
export async function printStickers(ids: number[]): Promise<void> {
  const pdf = await callApi('POST /api/machines/stickers', { body: { ids } }, { responseType: 'blob' });
  saveBlob(pdf, downloadName('stickers', 'pdf'));
}
