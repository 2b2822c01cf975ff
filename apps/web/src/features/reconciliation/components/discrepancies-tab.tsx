import { CheckOutlined } from '@ant-design/icons';
import {
  DISCREPANCY_CLASSES,
  DISCREPANCY_COLUMNS,
  DISCREPANCY_STATE_MACHINE,
  type Discrepancy,
  RECONCILIATION_PERMISSIONS,
  STATEMENT_CHANNELS,
} from '@water/contract/reconciliation';
import { allows } from '@water/contract/state-machine';
import { Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import type { DayRange } from '@/components/list/date-range.ts';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import type { ListController } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { useDiscrepancies } from '../api/reconciliation.ts';
import { ResolveForm, referenceOf } from './resolve-form.tsx';

/** The filters of `GET /api/reconciliation/discrepancies`, as the contract declares them. */
export type DiscrepancyFilters = ListFilters<'GET /api/reconciliation/discrepancies'>;

type Show = 'OPEN' | 'RESOLVED' | 'all';
interface DiscrepancySearch {
  blurry?: string;
  class?: Discrepancy['class'];
  channel?: Discrepancy['channel'];
  show?: Show;
  days?: DayRange;
}

const CLASS_COLORS = { AMOUNT_DIFFERS: 'orange', STATE_DIFFERS: 'volcano', OURS_ONLY: 'blue', CHANNEL_ONLY: 'purple' };

function toFilters(values: DiscrepancySearch, importId: number | undefined): DiscrepancyFilters {
  const [from, to] = values.days ?? [];
  const show = values.show ?? 'OPEN';
  return {
    blurry: values.blurry,
    class: values.class,
    channel: values.channel,
    ...(show === 'all' ? {} : { state: show }),
    ...(from && to ? { day: [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] } : {}),
    ...(importId ? { importId } : {}),
  };
}

/** The queue of discrepancies: filter by class, channel, day and whether open; resolve one with a note; export. */
export function DiscrepanciesTab({
  list,
  importLabel,
  onClearImport,
}: {
  list: ListController<DiscrepancyFilters>;
  /** The import the queue is narrowed to, named, when it is. */
  importLabel?: string;
  onClearImport: () => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useDiscrepancies(list.params);
  const resolving = useFormDialog<Discrepancy>();
  const money = (fen: Discrepancy['ourAmount']) => (fen === null ? '—' : formatFen(fen, i18n.language));
  const actions = useActionsColumn<Discrepancy>({
    nameOf: referenceOf,
    extra: {
      allow: [RECONCILIATION_PERMISSIONS.resolve],
      actions: (discrepancy) => [
        {
          key: 'resolve',
          label: t('reconciliation.resolve'),
          icon: <CheckOutlined aria-hidden />,
          allow: RECONCILIATION_PERMISSIONS.resolve,
          disabled: !allows(DISCREPANCY_STATE_MACHINE, discrepancy.state, 'RESOLVE'),
          onClick: () => resolving.openEdit(discrepancy),
        },
      ],
    },
  });
  const columns: DataColumn<Discrepancy>[] = [
    ...declaredColumns<Discrepancy, typeof DISCREPANCY_COLUMNS>(DISCREPANCY_COLUMNS, t, i18n.language, {
      class: {
        render: (_, row) => <Tag color={CLASS_COLORS[row.class]}>{t(`reconciliation.classes.${row.class}`)}</Tag>,
      },
      orderNo: { ellipsis: false },
      channelAmount: { render: (_, row) => money(row.channelAmount) },
      ourAmount: { render: (_, row) => money(row.ourAmount) },
      ourState: {
        render: (_, row) =>
          row.ourState === null
            ? '—'
            : t(row.kind === 'PAYMENT' ? `orders.states.${row.ourState}` : `orders.statuses.${row.ourState}`, {
                defaultValue: row.ourState,
              }),
      },
      state: {
        render: (_, row) => (
          <Tag color={row.state === 'OPEN' ? 'error' : 'success'}>{t(`reconciliation.states.${row.state}`)}</Tag>
        ),
      },
    }),
    ...actions,
  ];
  return (
    <>
      <SearchBar<DiscrepancySearch>
        initialValues={{ show: 'OPEN' }}
        onSearch={(values) => list.search(toFilters(values, list.state.filters.importId))}
        onReset={list.reset}
      >
        <Form.Item name="blurry" label={t('reconciliation.search')}>
          <Input placeholder={t('reconciliation.searchPlaceholder')} allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="class" label={t('reconciliation.class')}>
          <EnumSelect
            values={DISCREPANCY_CLASSES}
            labelOf={(value) => t(`reconciliation.classes.${value}`)}
            width={150}
          />
        </Form.Item>
        <Form.Item name="channel" label={t('reconciliation.channel')}>
          <EnumSelect values={STATEMENT_CHANNELS} labelOf={(value) => t(`orders.channels.${value}`)} width={130} />
        </Form.Item>
        <Form.Item name="show" label={t('reconciliation.state')}>
          <Select
            style={{ width: 110 }}
            options={(['OPEN', 'RESOLVED', 'all'] as const).map((value) => ({
              value,
              label: value === 'all' ? t('reconciliation.all') : t(`reconciliation.states.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="days" label={t('reconciliation.days')}>
          <DateRangePicker placeholder={[t('list.dateFrom'), t('list.dateTo')]} />
        </Form.Item>
      </SearchBar>
      {importLabel && (
        <Tag closable onClose={onClearImport} style={{ marginBottom: 12 }}>
          {importLabel}
        </Tag>
      )}
      <DataTable<Discrepancy, DiscrepancyFilters>
        tableId="reconciliation-discrepancies"
        label={t('reconciliation.discrepancies')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(row) => row.id}
        cardTitle="orderNo"
        exportTo={{ route: 'GET /api/reconciliation/discrepancies/download', name: 'discrepancies' }}
      />
      <ResolveForm dialog={resolving} />
    </>
  );
}
