import { CloudDownloadOutlined } from '@ant-design/icons';
import { EXPORT_SYNC_MAX, type ExportJob } from '@water/contract/exports';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendRequest } from '@/lib/call-api.ts';
import { setTasksOpened } from '@/lib/layout-state.ts';
import { exportKeys, taskKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import type { ListParams } from './list-params.ts';

/** The background exports: each takes its list's filters as body and answers the export started. */
type BackgroundExportKey = 'POST /api/orders/exports';

/**
 * For a list that may be too long to download at once: beyond EXPORT_SYNC_MAX rows, a button that
 * has the server export it in the background, then shows the jobs drawer, where the file is
 * downloaded when ready.
 */
export function BackgroundExport({
  route,
  params,
  total,
}: {
  /** The list's background export, e.g. `POST /api/orders/exports`, which takes its filters as body. */
  route: BackgroundExportKey;
  params: ListParams;
  total: number;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const start = useInvalidatingMutation(
    async (filters: object) => (await sendRequest(route, { body: filters })).data as ExportJob,
    // The top bar's jobs drawer counts it at once.
    [exportKeys.all, taskKeys.all],
  );
  const run = async () => {
    const { page: _page, size: _size, ...filters } = params;
    await start.mutateAsync(filters);
    message.success(t('list.exportStarted'));
    setTasksOpened(true);
  };
  if (total <= EXPORT_SYNC_MAX) return null;
  return (
    <Button
      icon={<CloudDownloadOutlined aria-hidden />}
      loading={start.isPending}
      onClick={() => void run().catch(() => undefined)}
    >
      {t('list.exportInBackground', { count: total })}
    </Button>
  );
}
