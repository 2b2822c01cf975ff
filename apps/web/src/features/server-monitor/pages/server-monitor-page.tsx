import { serverMonitorLocales } from '@water/contract/texts/server-monitor';
import { Alert, Button, Card, Col, Flex, Result, Row, Skeleton, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshButton } from '@/components/list/refresh-button.tsx';
import { PageHeading } from '@/components/page-heading.tsx';
import { formatBytes, percentOf } from '@/lib/format/bytes.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { REFRESH_MS, useServerStatus } from '../api/get-server-status.ts';
import { type ChartSeries, SampleChart } from '../components/sample-chart.tsx';
import { appendSample, type Sample, sampleOf } from '../components/samples.ts';
import { StatusDetails } from '../components/status-details.tsx';
import { UsageGauge } from '../components/usage-gauge.tsx';

addPageTexts('serverMonitor', serverMonitorLocales);

/** `monitor/server/index`: the machine, the server process and the database, read every few seconds. */
export function ServerMonitorPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const { token } = theme.useToken();
  const query = useServerStatus();
  const status = query.data;
  const [samples, setSamples] = useState<Sample[]>([]);

  useEffect(() => {
    if (status) setSamples((history) => appendSample(history, sampleOf(status)));
  }, [status]);

  const usageSeries = useMemo<ChartSeries[]>(
    () => [
      { key: 'cpu', name: t('serverMonitor.cpu'), color: token.colorPrimary },
      { key: 'memory', name: t('serverMonitor.memory'), color: token.colorSuccess },
    ],
    [t, token],
  );
  const loopSeries = useMemo<ChartSeries[]>(
    () => [{ key: 'eventLoopMs', name: t('serverMonitor.longestDelay'), color: token.colorWarning }],
    [t, token],
  );

  const heading = <PageHeading title={menuTitle('Server')} />;
  if (!status) {
    return (
      <Card variant="borderless">
        {heading}
        {query.isError ? (
          <Result
            status="warning"
            title={t('serverMonitor.firstLoadFailed')}
            extra={<Button onClick={() => void query.refetch()}>{t('list.retry')}</Button>}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </Card>
    );
  }

  const { cpu, memory, swap, disk } = status;
  const ofTotal = (used: number, total: number) =>
    t('serverMonitor.ofTotal', { used: formatBytes(used), total: formatBytes(total) });
  const gauges = [
    {
      key: 'cpu',
      title: t('serverMonitor.cpu'),
      percent: cpu.usedPercent,
      detail: `${cpu.cores} × ${cpu.model}`,
    },
    {
      key: 'memory',
      title: t('serverMonitor.memory'),
      percent: percentOf(memory.usedBytes, memory.totalBytes),
      detail: ofTotal(memory.usedBytes, memory.totalBytes),
    },
    {
      key: 'swap',
      title: t('serverMonitor.swap'),
      percent: percentOf(swap.usedBytes, swap.totalBytes),
      detail: swap.totalBytes > 0 ? ofTotal(swap.usedBytes, swap.totalBytes) : t('serverMonitor.noSwap'),
    },
    {
      key: 'disk',
      title: t('serverMonitor.disk'),
      percent: percentOf(disk.usedBytes, disk.totalBytes),
      detail: ofTotal(disk.usedBytes, disk.totalBytes),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {heading}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" aria-live="polite">
          {t('serverMonitor.updatedAt', { time: status.system.time })} ·{' '}
          {t('serverMonitor.refreshEvery', { seconds: REFRESH_MS / 1000 })}
        </Typography.Text>
        <RefreshButton query={query} />
      </Flex>
      {query.isError && <Alert type="warning" showIcon title={t('serverMonitor.loadFailed')} />}
      <Row gutter={[16, 16]}>
        {gauges.map((gauge) => (
          <Col key={gauge.key} xs={12} lg={6}>
            <UsageGauge title={gauge.title} percent={gauge.percent} detail={gauge.detail} />
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('serverMonitor.usageChart')}>
            <SampleChart
              samples={samples}
              series={usageSeries}
              unit="%"
              max={100}
              label={t('serverMonitor.usageChart')}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('serverMonitor.loopChart')}>
            <SampleChart samples={samples} series={loopSeries} unit=" ms" label={t('serverMonitor.loopChart')} />
          </Card>
        </Col>
      </Row>
      <StatusDetails status={status} />
    </Flex>
  );
}
