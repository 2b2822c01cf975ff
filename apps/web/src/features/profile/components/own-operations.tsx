import type { OperationLog } from '@water/contract/logs';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { useSeededText } from '@/lib/menu-title.ts';
import { useOwnLogs } from '../api/get-own-logs.ts';

/** What the signed-in user did recently: one row per write, newest first. */
export function OwnOperations() {
  const { t } = useTranslation();
  const list = useListState<Record<string, never>>({ initialFilters: {} });
  const query = useOwnLogs(list.params);
  const seeded = useSeededText();
  const columns: DataColumn<OperationLog>[] = [
    {
      key: 'description',
      title: t('center.operation'),
      dataIndex: 'description',
      render: (_, log) => seeded(log.description ?? ''),
    },
    { key: 'requestIp', title: t('center.ip'), dataIndex: 'requestIp', width: 140 },
    { key: 'address', title: t('center.address'), dataIndex: 'address' },
    { key: 'browser', title: t('center.browser'), dataIndex: 'browser', ellipsis: true },
    {
      key: 'time',
      title: t('center.duration'),
      width: 110,
      render: (_, log) => (log.time === null ? '' : t('center.milliseconds', { count: log.time })),
    },
    { key: 'createTime', title: t('center.when'), dataIndex: 'createTime', width: 180 },
  ];
  return (
    <DataTable<OperationLog, Record<string, never>>
      tableId="own-operations"
      label={t('center.operations')}
      columns={columns}
      list={list}
      query={query}
      rowKey={(log) => log.id}
    />
  );
}
