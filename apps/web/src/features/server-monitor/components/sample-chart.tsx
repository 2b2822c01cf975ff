import { Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyChart } from '@/lib/use-lazy-chart.ts';
import type { Sample } from './samples.ts';

const loadLineChart = () => import('@/components/charts/echarts-line.ts');

const HEIGHT = 200;

export interface ChartSeries {
  key: Exclude<keyof Sample, 'time'>;
  name: string;
  color: string;
}

interface SampleChartProps {
  samples: readonly Sample[];
  series: readonly ChartSeries[];
  /** Shown after each value, e.g. `%` or ` ms`. */
  unit: string;
  /** The top of the scale (100 for shares); grows with the data when unset. */
  max?: number;
  /** What the chart shows, for screen readers (the latest figures are written out beside it). */
  label: string;
}

/** Lines of the latest readings, oldest on the left, in the theme's colours; echarts is fetched only here. */
export function SampleChart({ samples, series, unit, max, label }: SampleChartProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { box, chart, failed } = useLazyChart(loadLineChart);

  useEffect(() => {
    const axisText = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    chart?.setOption({
      animation: false,
      grid: { left: 52, right: 12, top: series.length > 1 ? 36 : 16, bottom: 28 },
      legend: { show: series.length > 1, top: 0, textStyle: axisText },
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => `${value}${unit}` },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: samples.map((entry) => entry.time),
        axisLabel: axisText,
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        min: 0,
        max,
        axisLabel: { ...axisText, formatter: `{value}${unit}` },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: series.map((line) => ({
        type: 'line',
        name: line.name,
        data: samples.map((entry) => entry[line.key]),
        showSymbol: samples.length < 2,
        smooth: true,
        lineStyle: { color: line.color, width: 2 },
        itemStyle: { color: line.color },
        areaStyle: { color: line.color, opacity: 0.08 },
      })),
    });
  }, [chart, samples, series, unit, max, token]);

  if (failed) return <Typography.Text type="secondary">{t('serverMonitor.chartFailed')}</Typography.Text>;
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: HEIGHT }} />;
}
