import { CloudDownloadOutlined, DownloadOutlined, HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { EXPORT_SYNC_MAX, type ExportJob } from '@water/contract/exports';
import { App, Button, Drawer, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, downloadApi, sendRequest } from '@/lib/call-api.ts';
import { exportKeys, taskKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { exportFileName, saveBlob } from './download-file.ts';
import type { ListParams } from './list-params.ts';

/** The background exports: each takes its list's filters as body and answers the export started. */
type BackgroundExportKey = 'POST /api/orders/exports';

const STATUS_COLORS = { PENDING: 'default', RUNNING: 'processing', DONE: 'success', FAILED: 'error' } as const;

/** The user's background exports; polled while one is under way. */
function useMyExports(enabled: boolean) {
  return useQuery({
    queryKey: exportKeys.all,
    queryFn: () => callApi('GET /api/exports'),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((job) => job.status === 'PENDING' || job.status === 'RUNNING') ? 2000 : false,
  });
}

/** The user's exports in a drawer: each one's state, and a download for the finished ones. */
function ExportsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const exports = useMyExports(open);
  const [busy, setBusy] = useState<number>();
  const download = async (job: ExportJob) => {
    setBusy(job.id);
    try {
      const file = await downloadApi('GET /api/exports/:id/file', { params: { id: job.id } });
      saveBlob(file.data, exportFileName(file.disposition, job.kind));
    } catch {
      // The client has already reported the failure.
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Drawer open={open} onClose={onClose} title={t('list.exportsTitle')} styles={{ wrapper: { maxWidth: '100vw' } }}>
      <Typography.Paragraph type="secondary">{t('list.exportsKept')}</Typography.Paragraph>
      <List<ExportJob>
        loading={exports.isPending}
        dataSource={exports.data ?? []}
        locale={{ emptyText: t('list.exportsNone') }}
        renderItem={(job) => (
          <List.Item
            actions={
              job.status === 'DONE'
                ? [
                    <Button
                      key="download"
                      size="small"
                      icon={<DownloadOutlined aria-hidden />}
                      loading={busy === job.id}
                      aria-label={t('list.exportDownload', { time: job.createTime })}
                      onClick={() => void download(job)}
                    >
                      {t('list.exportFile')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <>
                  {t(`list.exportKinds.${job.kind}`)}{' '}
                  <Tag color={STATUS_COLORS[job.status]}>{t(`list.exportStatuses.${job.status}`)}</Tag>
                </>
              }
              description={
                job.status === 'FAILED'
                  ? (job.error ?? t('list.exportStatuses.FAILED'))
                  : `${job.createTime}${job.status === 'DONE' ? ` · ${t('list.exportRows', { count: job.rows })}` : ''}`
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}

/**
 * For a list that may be too long to download at once: beyond EXPORT_SYNC_MAX rows, a button that
 * has the server export it in the background; and the user's exports, to download when ready.
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
  const [open, setOpen] = useState(false);
  const start = useInvalidatingMutation(
    async (filters: object) => (await sendRequest(route, { body: filters })).data as ExportJob,
    // The top bar's jobs drawer counts it at once.
    [exportKeys.all, taskKeys.all],
  );
  const run = async () => {
    const { page: _page, size: _size, ...filters } = params;
    await start.mutateAsync(filters);
    message.success(t('list.exportStarted'));
    setOpen(true);
  };
  return (
    <>
      {total > EXPORT_SYNC_MAX && (
        <Button
          icon={<CloudDownloadOutlined aria-hidden />}
          loading={start.isPending}
          onClick={() => void run().catch(() => undefined)}
        >
          {t('list.exportInBackground', { count: total })}
        </Button>
      )}
      <Button
        icon={<HistoryOutlined aria-hidden />}
        aria-label={t('list.exportsTitle')}
        onClick={() => setOpen(true)}
      />
      <ExportsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
