import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client.ts';
import { exportFileName, saveBlob } from './download-file.ts';
import { REPEATED_PARAMS } from './fetch-page.ts';
import type { ListParams } from './list-params.ts';

interface ExportButtonProps {
  /** `<module>/download`, e.g. `api/users/download`. */
  url: string;
  /** The list's filters and sort; paging is dropped, the export has every matching row. */
  params: ListParams;
  /** Used only if the server names no file: `<timestamp>-<name>.xlsx`. */
  name: string;
}

/** Downloads the list's rows as the server's Excel workbook, under the name the server gives. */
export function ExportButton({ url, params, name }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { page: _page, size: _size, ...filters } = params;
      const response = await apiClient.get<Blob>(url, {
        params: filters,
        paramsSerializer: REPEATED_PARAMS,
        responseType: 'blob',
      });
      saveBlob(response.data, exportFileName(response.headers['content-disposition'] as string | undefined, name));
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
