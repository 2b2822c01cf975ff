import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReportSchedule } from '@water/contract/reports';
import { App, Button, Card, Empty, Flex, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useConfirm } from '@/components/use-confirm.ts';
import { useDeleteReportSchedule, useReportSchedules, useSaveReportSchedule } from '../api/report-schedules.ts';
import { ScheduleForm } from './schedule-form.tsx';

/** The schedule as the server takes it back, with `changes` applied. */
const inputOf = (schedule: ReportSchedule, changes: Partial<ReportSchedule>) => {
  const { id, name, period, by, format, recipients, enabled } = { ...schedule, ...changes };
  return { id, name, period, by, format, recipients, enabled };
};

/** The user's scheduled reports: what each sends, to whom, when it last went or why it failed; add, edit, switch off, delete. */
export function ScheduleList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const schedules = useReportSchedules();
  const save = useSaveReportSchedule();
  const remove = useDeleteReportSchedule();
  const dialog = useFormDialog<ReportSchedule>();

  const columns: TableColumnsType<ReportSchedule> = [
    { key: 'name', dataIndex: 'name', title: t('reports.name'), fixed: 'left', width: 140, ellipsis: true },
    {
      key: 'what',
      title: t('reports.contents'),
      render: (_, row) =>
        `${t(`reports.periods.${row.period}`)} · ${t(`reports.groupings.${row.by}`)} · ${t(
          row.format === 'XLSX' ? 'reports.downloadXlsx' : 'reports.downloadPdf',
        )}`,
    },
    {
      key: 'recipients',
      title: t('reports.recipients'),
      render: (_, row) => row.recipients.join(', '),
    },
    {
      key: 'enabled',
      title: t('reports.enabled'),
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.enabled}
          aria-label={t('reports.enabledOf', { name: row.name })}
          loading={save.isPending && save.variables?.id === row.id}
          onChange={(enabled) =>
            save.mutate(inputOf(row, { enabled }), { onSuccess: () => message.success(t('reports.saved')) })
          }
        />
      ),
    },
    {
      key: 'lastSent',
      title: t('reports.lastSent'),
      render: (_, row) =>
        row.lastSentTime
          ? t('reports.sentFor', { period: row.lastPeriod ?? '', time: row.lastSentTime })
          : t('reports.never'),
    },
    {
      key: 'lastError',
      title: t('reports.lastError'),
      render: (_, row) => (row.lastError ? <Typography.Text type="danger">{row.lastError}</Typography.Text> : '—'),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={`${t('list.edit')} ${row.name}`}
            onClick={() => dialog.openEdit(row)}
          />
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`${t('list.delete')} ${row.name}`}
            onClick={() =>
              confirm({
                title: t('reports.deleteConfirm', { name: row.name }),
                content: t('list.deleteWarning'),
                okText: t('list.delete'),
                onConfirm: async () => {
                  await remove.mutateAsync(row.id);
                  message.success(t('reports.deleted'));
                },
              })
            }
          />
        </Flex>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('reports.schedules')}>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('reports.schedulesHint')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={dialog.openCreate}>
          {t('reports.addSchedule')}
        </Button>
      </Flex>
      <Table<ReportSchedule>
        size="middle"
        aria-label={t('reports.schedules')}
        rowKey="id"
        loading={schedules.isPending}
        dataSource={schedules.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('reports.noSchedules')} /> }}
      />
      <ScheduleForm dialog={dialog} />
    </Card>
  );
}
