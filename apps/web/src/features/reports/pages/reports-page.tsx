import { DownloadOutlined } from '@ant-design/icons';
import {
  REPORT_GROUPINGS,
  REPORT_PERIODS,
  type ReportFormat,
  type ReportGrouping,
  type ReportPeriod,
  type ReportQuery,
} from '@water/contract/reports';
import { reportsLocales } from '@water/contract/texts/reports';
import { App, Button, Card, Col, Empty, Flex, Row, Segmented, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { EntitySelect } from '@/components/entity-select.tsx';
import { PageHeading } from '@/components/page-heading.tsx';
import { usePermission } from '@/components/permission.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { setTasksOpened } from '@/lib/layout-state.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { REPORT_AGENTS, type ReportAgent } from '../api/report-agents.ts';
import { useMakeReportFile, useReport } from '../api/reports.ts';
import { ReportTable } from '../components/report-table.tsx';
import { ReportTopChart, TOP_GROUPS } from '../components/report-top-chart.tsx';
import { ReportTrendChart } from '../components/report-trend-chart.tsx';
import { ScheduleList } from '../components/schedule-list.tsx';

addPageTexts('reports', reportsLocales);

const DAY = 'YYYY-MM-DD';

/** The agents the user may narrow the report to: offered only to a user who sees more than one. */
function useAgentChoice() {
  const can = usePermission();
  const allowed = REPORT_AGENTS.permission === undefined || can([REPORT_AGENTS.permission]);
  const agents = REPORT_AGENTS.useEntities(allowed);
  return allowed && (agents.data?.length ?? 0) > 1;
}

/**
 * `finance/report/index`: daily or monthly figures per agent, site, machine or channel, as charts
 * (over time, and the groups of the most revenue) and a table with totals; their Excel and PDF
 * files, made in the background; and the user's scheduled reports.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const menuTitle = useMenuTitle();
  const [period, setPeriod] = useState<ReportPeriod>('DAY');
  const [by, setBy] = useState<ReportGrouping>('agent');
  const [agentId, setAgentId] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const query: ReportQuery = {
    period,
    by,
    from: range[0].format(DAY),
    to: range[1].format(DAY),
    ...(agentId === null ? {} : { agentId }),
  };
  const report = useReport(query);
  const makeFile = useMakeReportFile();
  const choosesAgent = useAgentChoice();
  const data = report.data;
  const empty = data !== undefined && data.rows.length === 0;

  const download = async (format: ReportFormat) => {
    try {
      await makeFile.mutateAsync({ ...query, format });
      message.success(t('reports.fileQueued'));
      // The top bar's jobs drawer shows the file being made and downloads it when ready.
      setTasksOpened(true);
    } catch {
      // The client has already reported the failure.
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <PageHeading title={menuTitle('Reports')} />
        <Flex vertical gap={16}>
          <Flex wrap gap={8} align="center" justify="space-between">
            <Flex wrap gap={8} align="center" style={{ minWidth: 0 }}>
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
              {choosesAgent && (
                <EntitySelect<ReportAgent>
                  entity={REPORT_AGENTS}
                  aria-label={t('reports.agent')}
                  value={agentId}
                  onChange={(value) => setAgentId(typeof value === 'number' ? value : null)}
                  extraOptions={[{ value: null, label: t('reports.allAgents') }]}
                  style={{ width: 220 }}
                />
              )}
            </Flex>
            <Flex gap={8}>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={makeFile.isPending && makeFile.variables?.format === 'XLSX'}
                onClick={() => void download('XLSX')}
              >
                {t('reports.downloadXlsx')}
              </Button>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={makeFile.isPending && makeFile.variables?.format === 'PDF'}
                onClick={() => void download('PDF')}
              >
                {t('reports.downloadPdf')}
              </Button>
            </Flex>
          </Flex>
          {report.isPending ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin description={t('reports.loading')} />
            </Flex>
          ) : empty ? (
            <Empty description={t('reports.empty')} />
          ) : data ? (
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={14}>
                <Typography.Title level={5}>{t('reports.overTime')}</Typography.Title>
                <ReportTrendChart series={data.series} />
              </Col>
              <Col xs={24} xl={10}>
                <Typography.Title level={5}>
                  {t('reports.topGroups', { group: t(`reports.groupings.${by}`), count: TOP_GROUPS })}
                </Typography.Title>
                <ReportTopChart rows={data.rows} by={by} />
              </Col>
            </Row>
          ) : null}
          {/* Only with figures: while the first answer is awaited, an empty table would say there were no sales. */}
          {data && !empty && <ReportTable report={data} by={by} loading={report.isFetching} />}
        </Flex>
      </Card>
      <ScheduleList />
    </Flex>
  );
}
