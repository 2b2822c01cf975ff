import type { StatementFileQuery } from '@water/contract/ledger';
import { downloadName, fileNameFromDisposition, saveBlob } from '@/components/list/download-file.ts';
import { downloadApi } from '@/lib/call-api.ts';

/** `GET api/statements/download`: an agent's statement as Excel or PDF, in the console's language. */
export async function downloadStatement(query: StatementFileQuery): Promise<void> {
  const file = await downloadApi('GET /api/statements/download', { query });
  saveBlob(
    file.data,
    fileNameFromDisposition(file.disposition) ??
      downloadName(`statement-${query.agentId}-${query.period}`, query.format),
  );
}
