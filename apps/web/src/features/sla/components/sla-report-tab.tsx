import { SLA_GROUPINGS, SLA_REPORT_COLUMNS, type SlaGrouping, type SlaReportRow } from '@water/contract/sla';
import { Flex, Segmented, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { ExportButton } from '@/components/list/export-button.tsx';
import type { ListParams } from '@/components/list/list-params.ts';
import { useSlaReport } from '../api/sla.ts';

const DAY = 'YYYY-MM-DD';

/** SLA attainment of the orders created in a range of days, per technician, region or agent, and its Excel file. */
export function SlaReportTab() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const [by, setBy] = useState<SlaGrouping>('technician');
  const query = { from: range[0].format(DAY), to: range[1].format(DAY), by };
  const report = useSlaReport(query);
  const columns = declaredColumns<SlaReportRow, typeof SLA_REPORT_COLUMNS>(SLA_REPORT_COLUMNS, t, i18n.language, {
    name: { render: (_: unknown, row: SlaReportRow) => row.name ?? t('sla.none') },
  });
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Flex wrap gap={8} align="center">
          <DateRangePicker
            aria-label={t('sla.range')}
            allowClear={false}
            value={range}
            onChange={(value) => {
              if (value?.[0] && value[1]) setRange([value[0], value[1]]);
            }}
          />
          <Segmented<SlaGrouping>
            value={by}
            onChange={setBy}
            options={SLA_GROUPINGS.map((value) => ({ value, label: t(`sla.by.${value}`) }))}
          />
        </Flex>
        <ExportButton route="GET /api/sla/report/download" params={query as unknown as ListParams} name="sla" />
      </Flex>
      <Table<SlaReportRow>
        size="middle"
        rowKey={(row) => String(row.id)}
        loading={report.isFetching}
        dataSource={report.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
