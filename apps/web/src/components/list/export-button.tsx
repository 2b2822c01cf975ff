import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileRouteKey, sendRequest } from '@/lib/call-api.ts';
import { exportFileName, saveBlob } from './download-file.ts';
import type { ListParams } from './list-params.ts';

interface ExportButtonProps {
  /** The list's export, e.g. `GET /api/users/download`. */
  route: FileRouteKey;
  /** The list's filters and sort; paging is dropped, the export has every matching row. */
  params: ListParams;
  /** Used only if the server names no file: `<timestamp>-<name>.xlsx`. */
  name: string;
}

/** Downloads the list's rows as the server's Excel workbook, under the name the server gives. */
export function ExportButton({ route, params, name }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { page: _page, size: _size, ...filters } = params;
      // The export takes its list's filters, which the list's route types.
      const response = await sendRequest(route, { query: filters }, { responseType: 'blob' });
      saveBlob(
        response.data as Blob,
        exportFileName(response.headers['content-disposition'] as string | undefined, name),
      );
    } catch {
      // The client has already reported the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void download()}>
      {busy ? t('list.exporting') : t('list.export')}
    </Button>
  );
}
