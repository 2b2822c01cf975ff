import { FilterOutlined } from '@ant-design/icons';
import { IMPORT_COLUMNS, type ReconciliationImport } from '@water/contract/reconciliation';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useImports } from '../api/reconciliation.ts';

type ImportFilters = ListFilters<'GET /api/reconciliation/imports'>;

/** The channels' statements imported, a row per channel's day with each class counted; open one's discrepancies. */
export function ImportsTab({ onShow }: { onShow: (imported: ReconciliationImport) => void }) {
  const { t, i18n } = useTranslation();
  const list = useListState<ImportFilters>({ initialFilters: {} });
  const query = useImports(list.params);
  const count = (value: number, color: string) => (value > 0 ? <Tag color={color}>{value}</Tag> : value);
  const columns: DataColumn<ReconciliationImport>[] = [
    ...declaredColumns<ReconciliationImport, typeof IMPORT_COLUMNS>(IMPORT_COLUMNS, t, i18n.language, {
      amountDiffers: { align: 'right', render: (_, row) => count(row.amountDiffers, 'orange') },
      stateDiffers: { align: 'right', render: (_, row) => count(row.stateDiffers, 'volcano') },
      oursOnly: { align: 'right', render: (_, row) => count(row.oursOnly, 'blue') },
      channelOnly: { align: 'right', render: (_, row) => count(row.channelOnly, 'purple') },
      open: { align: 'right', render: (_, row) => count(row.open, 'error') },
      rows: { align: 'right' },
      matched: { align: 'right' },
    }),
    {
      key: 'show',
      title: t('list.actions'),
      width: 110,
      render: (_, row) => (
        <Button
          size="small"
          icon={<FilterOutlined aria-hidden />}
          aria-label={`${t('reconciliation.showImport')} ${row.channel} ${row.day}`}
          onClick={() => onShow(row)}
        >
          {t('reconciliation.discrepancies')}
        </Button>
      ),
    },
  ];
  return (
    <DataTable<ReconciliationImport, ImportFilters>
      tableId="reconciliation-imports"
      label={t('reconciliation.imports')}
      columns={columns}
      list={list}
      query={query}
      rowKey={(row) => row.id}
    />
  );
}
