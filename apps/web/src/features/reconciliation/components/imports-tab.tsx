import { FilterOutlined } from '@ant-design/icons';
import { IMPORT_COLUMNS, type ReconciliationImport, STATEMENT_CHANNELS } from '@water/contract/reconciliation';
import { Button, Form, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import type { DayRange } from '@/components/list/date-range.ts';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useImports } from '../api/reconciliation.ts';

type ImportFilters = ListFilters<'GET /api/reconciliation/imports'>;
interface ImportSearch {
  channel?: ReconciliationImport['channel'];
  days?: DayRange;
}

function toFilters({ channel, days }: ImportSearch): ImportFilters {
  const [from, to] = days ?? [];
  return { channel, ...(from && to ? { day: [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] } : {}) };
}

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
    <>
      <SearchBar<ImportSearch>
        onSearch={(values) => list.search(toFilters(values))}
        onReset={list.reset}
        mainField="days"
      >
        <Form.Item name="days" label={t('reconciliation.days')}>
          <DateRangePicker placeholder={[t('list.dateFrom'), t('list.dateTo')]} />
        </Form.Item>
        <Form.Item name="channel" label={t('reconciliation.channel')}>
          <EnumSelect values={STATEMENT_CHANNELS} labelOf={(value) => t(`orders.channels.${value}`)} width={130} />
        </Form.Item>
      </SearchBar>
      <DataTable<ReconciliationImport, ImportFilters>
        tableId="reconciliation-imports"
        label={t('reconciliation.imports')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(row) => row.id}
      />
    </>
  );
}
