import type { Report, ReportFigures, ReportGrouping, ReportRow } from '@water/contract/reports';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { fenToYuan } from '@/lib/format/money.ts';

const TOTALS_KEY = '\u0000totals';

type FigureKey = keyof ReportFigures;
const MONEY: FigureKey[] = [
  'revenue',
  'refunded',
  'net',
  'averageTicket',
  'coupon',
  'commission',
  'channelFees',
  'cardLiabilities',
];
const SHOWN: FigureKey[] = [
  'revenue',
  'refunded',
  'net',
  'orders',
  'dispensedMl',
  'averageTicket',
  'coupon',
  'commission',
  'channelFees',
  'cardLiabilities',
  'slaResponseMet',
  'slaResolutionMet',
];

/** Every figure of each group and of all of them (the last row); the table scrolls across on its own. */
export function ReportTable({
  report,
  by,
  loading,
}: {
  report: Report | undefined;
  by: ReportGrouping;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const figure = (key: FigureKey) => ({
    key,
    dataIndex: key,
    title: key === 'dispensedMl' ? t('reports.litres') : t(`reports.${key}`),
    align: 'right' as const,
    render: (value: number | string | null) =>
      value === null
        ? t('reports.notCarried')
        : MONEY.includes(key)
          ? fenToYuan(value as ReportFigures['revenue'])
          : key === 'dispensedMl'
            ? (Number(value) / 1000).toFixed(2)
            : key.startsWith('sla')
              ? `${value}%`
              : value,
  });
  const columns: TableColumnsType<ReportRow> = [
    {
      key: 'name',
      title: t(`reports.groupings.${by}`),
      fixed: 'left',
      width: 140,
      ellipsis: true,
      render: (_, row) => (row.key === TOTALS_KEY ? t('reports.totals') : (row.name ?? row.key ?? t('reports.none'))),
    },
    ...SHOWN.map(figure),
  ];
  const rows: ReportRow[] =
    report && report.rows.length > 0 ? [...report.rows, { key: TOTALS_KEY, name: null, ...report.totals }] : [];
  return (
    <Table<ReportRow>
      size="middle"
      aria-label={t('reports.figures')}
      rowKey={(row) => String(row.key)}
      loading={loading}
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(row) => (row.key === TOTALS_KEY ? { style: { fontWeight: 600 } } : {})}
      locale={{ emptyText: <Empty description={t('reports.empty')} /> }}
    />
  );
}
