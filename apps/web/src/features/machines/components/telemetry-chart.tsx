import { Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyChart } from '@/lib/use-lazy-chart.ts';

const loadLineChart = () => import('@/components/charts/echarts-line.ts');

const HEIGHT = 180;

/** One reading over time: its mean per slot as a line, its lowest and highest as a band around it. */
export interface TelemetryLine {
  name: string;
  color: string;
  min: readonly (number | null)[];
  avg: readonly (number | null)[];
  max: readonly (number | null)[];
}

interface TelemetryChartProps {
  /** What each slot is called on the axis (`14:05`, `11-23 14:00`). */
  labels: readonly string[];
  lines: readonly TelemetryLine[];
  /** The title above the chart, and its name for screen readers. */
  label: string;
  /** The scale's bounds where the reading has them (a tank is 0–100 %). */
  min?: number;
  max?: number;
}

const spread = (line: TelemetryLine) =>
  line.max.map((high, slot) => {
    const low = line.min[slot] ?? null;
    return high === null || low === null ? null : Math.round((high - low) * 10) / 10;
  });

/** The values of a line, a slot with no neighbour marked with a dot: alone, it would draw nothing. */
export const withLoneDots = (values: readonly (number | null)[]) =>
  values.map((value, slot) =>
    value !== null && (values[slot - 1] ?? null) === null && (values[slot + 1] ?? null) === null
      ? { value, symbolSize: 6 }
      : value,
  );

/**
 * A machine's reading (or two) over a range, oldest on the left; a slot it reported nothing in
 * leaves a gap. echarts is fetched only when a chart shows.
 */
export function TelemetryChart({ labels, lines, label, min, max }: TelemetryChartProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { box, chart, failed } = useLazyChart(loadLineChart);

  useEffect(() => {
    const axisText = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    chart?.setOption(
      {
        animation: false,
        // Room on the right for half of the last label (`11-24 22:00` is wider than `22:05`).
        grid: { left: 44, right: (labels[0]?.length ?? 0) > 5 ? 36 : 20, top: lines.length > 1 ? 28 : 12, bottom: 24 },
        legend: { show: lines.length > 1, top: 0, textStyle: axisText, data: lines.map((line) => line.name) },
        tooltip: {
          trigger: 'axis',
          formatter: (points: { dataIndex: number; axisValueLabel: string }[]) => {
            const slot = points[0]?.dataIndex ?? 0;
            const rows = lines.map((line) => {
              const avg = line.avg[slot];
              if (avg === null || avg === undefined) return t('telemetry.noReading', { name: line.name });
              return t('telemetry.reading', { name: line.name, avg, min: line.min[slot], max: line.max[slot] });
            });
            return [points[0]?.axisValueLabel ?? '', ...rows].join('<br/>');
          },
        },
        xAxis: {
          type: 'category',
          boundaryGap: false,
          data: labels,
          axisLabel: axisText,
          axisLine: { lineStyle: { color: token.colorBorder } },
          axisTick: { show: false },
        },
        yAxis: {
          type: 'value',
          scale: min === undefined,
          min,
          max,
          axisLabel: axisText,
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        series: lines.flatMap((line, index) => [
          // The band: the lowest, then the distance to the highest stacked on it and shaded.
          {
            type: 'line',
            data: line.min,
            stack: `band-${index}`,
            symbol: 'none',
            lineStyle: { opacity: 0 },
            silent: true,
          },
          {
            type: 'line',
            data: spread(line),
            stack: `band-${index}`,
            symbol: 'none',
            lineStyle: { opacity: 0 },
            areaStyle: { color: line.color, opacity: 0.15 },
            silent: true,
          },
          {
            type: 'line',
            name: line.name,
            data: withLoneDots(line.avg),
            // Dots only where a value stands alone (sized on the item); every symbol drawn, none thinned out.
            showAllSymbol: true,
            symbolSize: 0,
            lineStyle: { color: line.color, width: 2 },
            itemStyle: { color: line.color },
          },
        ]),
      },
      { notMerge: true },
    );
  }, [chart, labels, lines, min, max, token, t]);

  return (
    <>
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {label}
      </Typography.Paragraph>
      {failed ? (
        <Typography.Paragraph type="secondary">{t('telemetry.chartFailed')}</Typography.Paragraph>
      ) : (
        <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: HEIGHT, marginBottom: 12 }} />
      )}
    </>
  );
}
