import { SALES_PERIODS, type SalesPeriod } from '@water/contract/machines';
import { asFen } from '@water/contract/money';
import { type MachineTelemetry, TELEMETRY_RANGES, type TelemetryRange } from '@water/contract/telemetry';
import { Alert, Empty, Segmented, Skeleton, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyBarChart } from '@/components/charts/daily-bar-chart.tsx';
import { toApiError } from '@/lib/api-error.ts';
import { formatFen } from '@/lib/format/money.ts';
import { useMachineTelemetry } from '../api/machine-telemetry.ts';
import { useMachineStatus } from '../api/machines.ts';
import { TelemetryChart, type TelemetryLine } from './telemetry-chart.tsx';

/** What each slot of the range is called on the axis: the time of day over 24 hours, the day and hour beyond. */
export function slotLabels(telemetry: Pick<MachineTelemetry, 'from' | 'stepSeconds' | 'samples'>): string[] {
  const from = dayjs(telemetry.from);
  const format = telemetry.stepSeconds < 3600 ? 'HH:mm' : 'MM-DD HH:00';
  return telemetry.samples.map((_, slot) => from.add(slot * telemetry.stepSeconds, 'second').format(format));
}

/** A machine's readings over 24 hours, 7 or 90 days, then its sales by hour, day or month. */
export function MachineTelemetryTab({ machineId }: { machineId: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<TelemetryRange>('24h');
  const query = useMachineTelemetry(machineId, range);
  return (
    <>
      <Segmented<TelemetryRange>
        aria-label={t('telemetry.rangesLabel')}
        value={range}
        onChange={setRange}
        options={TELEMETRY_RANGES.map((value) => ({ value, label: t(`telemetry.ranges.${value}`) }))}
        style={{ marginBottom: 12 }}
      />
      {query.data ? (
        <TelemetryCharts telemetry={query.data} />
      ) : query.error ? (
        <Alert type="error" showIcon title={toApiError(query.error).message || t('telemetry.failed')} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
      <MachineSales machineId={machineId} />
    </>
  );
}

function TelemetryCharts({ telemetry }: { telemetry: MachineTelemetry }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const labels = useMemo(() => slotLabels(telemetry), [telemetry]);
  const { metrics } = telemetry;
  const charts = useMemo(() => {
    const line = (metric: keyof MachineTelemetry['metrics'], name: string, color: string): TelemetryLine => ({
      name,
      color,
      ...metrics[metric],
    });
    return [
      {
        key: 'tds',
        label: t('telemetry.tds'),
        lines: [
          line('tdsIn', t('telemetry.tdsIn'), token.colorWarning),
          line('tdsOut', t('telemetry.tdsOut'), token.colorPrimary),
        ],
      },
      {
        key: 'temperature',
        label: t('telemetry.temperature'),
        lines: [line('temperature', t('telemetry.temperature'), token.colorError)],
      },
      {
        key: 'tank',
        label: t('telemetry.tankLevel'),
        lines: [line('tankLevel', t('telemetry.tankLevel'), token.colorInfo)],
        min: 0,
        max: 100,
      },
      {
        key: 'signal',
        label: t('telemetry.signal'),
        lines: [line('signal', t('telemetry.signal'), token.colorSuccess)],
        min: 0,
        max: 31,
      },
    ];
  }, [metrics, t, token]);
  if (telemetry.samples.every((count) => count === 0)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.empty')} />;
  }
  return (
    <>
      {charts.map((chart) => (
        <TelemetryChart
          key={chart.key}
          labels={labels}
          lines={chart.lines}
          label={chart.label}
          min={chart.min}
          max={chart.max}
        />
      ))}
    </>
  );
}

/** The machine's net revenue per hour (24 hours), day (30 days) or month (12 months), from the roll-ups. */
function MachineSales({ machineId }: { machineId: number }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<SalesPeriod>('DAY');
  const status = useMachineStatus(machineId, period).data;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('telemetry.salesTitle')}
      </Typography.Title>
      <Segmented<SalesPeriod>
        value={period}
        onChange={setPeriod}
        options={SALES_PERIODS.map((value) => ({ value, label: t(`machines.periods.${value}`) }))}
        style={{ marginBottom: 12 }}
      />
      {status ? (
        <DailyBarChart
          data={status.series.map((point) => ({ label: point.label, value: point.net }))}
          label={t('machines.salesTitle')}
          format={(value) => formatFen(asFen(value), i18n.language)}
          showValues={false}
        />
      ) : (
        <Skeleton active />
      )}
    </>
  );
}
