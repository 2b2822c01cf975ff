import { DownloadOutlined } from '@ant-design/icons';
import {
  REPORT_GROUPINGS,
  REPORT_PERIODS,
  type ReportFigures,
  type ReportFormat,
  type ReportGrouping,
  type ReportPeriod,
  type ReportRow,
} from '@water/contract/reports';
import { reportsLocales } from '@water/contract/texts/reports';
import { App, Button, Card, Empty, Flex, Segmented, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { PageHeading } from '@/components/page-heading.tsx';
import { fenToYuan } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useMakeReportFile, useReport } from '../api/reports.ts';

addPageTexts('reports', reportsLocales);

const DAY = 'YYYY-MM-DD';
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

/** `finance/report/index`: daily or monthly figures per agent, site, machine or channel, with totals and files. */
export function ReportsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const menuTitle = useMenuTitle();
  const [period, setPeriod] = useState<ReportPeriod>('DAY');
  const [by, setBy] = useState<ReportGrouping>('agent');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const query = { period, by, from: range[0].format(DAY), to: range[1].format(DAY) };
  const report = useReport(query);
  const makeFile = useMakeReportFile();
  const data = report.data;

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
  const shown: FigureKey[] = [
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
  const columns: TableColumnsType<ReportRow> = [
    {
      key: 'name',
      title: t(`reports.groupings.${by}`),
      fixed: 'left',
      render: (_, row) => (row.key === TOTALS_KEY ? t('reports.totals') : (row.name ?? row.key ?? t('reports.none'))),
    },
    ...shown.map(figure),
  ];
  const rows: ReportRow[] = data ? [...data.rows, { key: TOTALS_KEY, name: null, ...data.totals }] : [];

  const download = async (format: ReportFormat) => {
    try {
      await makeFile.mutateAsync({ ...query, format });
      message.success(t('reports.fileQueued'));
    } catch {
      // The client has already reported the failure.
    }
  };

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Reports')} />
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="center" justify="space-between">
          <Flex wrap gap={8} align="center">
            <Segmented<ReportPeriod>
              aria-label={t('reports.period')}
              value={period}
              onChange={setPeriod}
              options={REPORT_PERIODS.map((value) => ({ value, label: t(`reports.periods.${value}`) }))}
            />
            <DateRangePicker
              aria-label={t('reports.range')}
              allowClear={false}
              value={range}
              onChange={(value) => {
                if (value?.[0] && value[1]) setRange([value[0], value[1]]);
              }}
            />
            <Segmented<ReportGrouping>
              aria-label={t('reports.by')}
              value={by}
              onChange={setBy}
              options={REPORT_GROUPINGS.map((value) => ({ value, label: t(`reports.groupings.${value}`) }))}
            />
          </Flex>
          <Flex gap={8}>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void download('XLSX')}>
              {t('reports.downloadXlsx')}
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void download('PDF')}>
              {t('reports.downloadPdf')}
            </Button>
          </Flex>
        </Flex>
        <Table<ReportRow>
          size="middle"
          rowKey={(row) => String(row.key)}
          loading={report.isFetching}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('reports.empty')} /> }}
        />
      </Flex>
    </Card>
  );
}
