import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Task } from '@water/contract/tasks';
import { App, Button, Drawer, List, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFileName, saveBlob } from '@/components/list/download-file.ts';
import { downloadApi } from '@/lib/call-api.ts';
import { useRetryTask } from '../api/retry-task.ts';
import { useMyTasks } from '../api/tasks.ts';

const STATE_COLORS = { QUEUED: 'default', RUNNING: 'processing', DONE: 'success', FAILED: 'error' } as const;

/** What a finished task made, saved as a file (an export: its workbook; a report: its workbook or PDF). */
async function downloadResult(task: Task): Promise<void> {
  if (task.subjectId === null) return;
  const file =
    task.kind === 'report-file'
      ? await downloadApi('GET /api/reports/files/:id', { params: { id: task.subjectId } })
      : await downloadApi('GET /api/exports/:id/file', { params: { id: task.subjectId } });
  saveBlob(file.data, exportFileName(file.disposition, task.kind === 'report-file' ? 'report' : 'orders'));
}

function TaskItem({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const retry = useRetryTask();
  const [downloading, setDownloading] = useState(false);
  const kind = t(`tasks.kinds.${task.kind}`);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadResult(task);
    } catch {
      // The client has already reported the failure.
    } finally {
      setDownloading(false);
    }
  };
  const actions = [];
  // Exports and report files make a file; the other kinds' work is seen where it was done (mails, statements, deliveries).
  const makesFile = task.kind === 'orders-export' || task.kind === 'report-file';
  if (task.state === 'DONE' && makesFile && task.subjectId !== null) {
    actions.push(
      <Button
        key="download"
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        loading={downloading}
        aria-label={`${t('tasks.download')}: ${kind} ${task.createTime}`}
        onClick={() => void download()}
      >
        {t('tasks.download')}
      </Button>,
    );
  }
  if (task.state === 'FAILED') {
    actions.push(
      <Button
        key="retry"
        size="small"
        icon={<ReloadOutlined aria-hidden />}
        loading={retry.isPending}
        aria-label={`${t('tasks.retry')}: ${kind} ${task.createTime}`}
        onClick={() =>
          void retry
            .mutateAsync(task.id)
            .then(() => message.success(t('tasks.retried')))
            .catch(() => undefined)
        }
      >
        {t('tasks.retry')}
      </Button>,
    );
  }
  return (
    <List.Item actions={actions}>
      <List.Item.Meta
        title={
          <>
            {kind} <Tag color={STATE_COLORS[task.state]}>{t(`tasks.states.${task.state}`)}</Tag>
          </>
        }
        description={
          <>
            <Typography.Text type="secondary">
              {task.doneTime
                ? t('tasks.finished', { time: task.doneTime })
                : t('tasks.started', { time: task.createTime })}
              {task.attempts > 1 ? ` · ${t('tasks.attempts', { count: task.attempts })}` : ''}
            </Typography.Text>
            {task.state === 'RUNNING' && (
              <Progress percent={task.progress} size="small" aria-label={`${kind} ${task.progress}%`} />
            )}
            {task.state === 'FAILED' && task.error && (
              <Typography.Paragraph type="danger" style={{ marginBottom: 0 }}>
                {task.error}
              </Typography.Paragraph>
            )}
          </>
        }
      />
    </List.Item>
  );
}

/**
 * The drawer of the user's background tasks: each one queued, running with its progress, done with
 * its download, or failed with the reason and a retry. Loaded once the jobs button is first used.
 */
export function TasksDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tasks = useMyTasks();
  return (
    <Drawer open={open} onClose={onClose} title={t('tasks.title')} styles={{ wrapper: { maxWidth: '100vw' } }}>
      <List<Task>
        loading={tasks.isPending}
        dataSource={tasks.data ?? []}
        locale={{ emptyText: t('tasks.empty') }}
        renderItem={(task) => <TaskItem task={task} />}
      />
    </Drawer>
  );
}
