import { Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyChart } from '@/lib/use-lazy-chart.ts';

const loadBarChart = () => import('./echarts-bar.ts');

const HEIGHT = 260;

export interface DailyBarChartProps {
  /** One bar each: what the axis says under it (`11-23`, `14:00`) and its value. */
  data: readonly { label: string; value: number }[];
  /** What the chart shows, for screen readers (the figures are also in a table). */
  label: string;
  /** How a value reads on its bar and in the tooltip (money, say); as it is without. */
  format?: (value: number) => string;
  /** Labels on the bars: off when there are too many to read. */
  showValues?: boolean;
}

/** Figures per day (hour, month) as bars, in the theme's colours; echarts is fetched only when a chart shows. */
export function DailyBarChart({ data, label, format, showValues = true }: DailyBarChartProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { box, chart, failed } = useLazyChart(loadBarChart);

  useEffect(() => {
    const axisText = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    chart?.setOption({
      animation: false,
      grid: { left: 36, right: 8, top: 28, bottom: 28 },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        ...(format ? { valueFormatter: (value: number) => format(value) } : {}),
      },
      xAxis: {
        type: 'category',
        data: data.map((bar) => bar.label),
        axisLabel: axisText,
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { ...axisText, ...(format ? { formatter: (value: number) => format(value) } : {}) },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        {
          type: 'bar',
          name: label,
          data: data.map((bar) => bar.value),
          barMaxWidth: 36,
          itemStyle: { color: token.colorPrimary, borderRadius: [3, 3, 0, 0] },
          label: {
            show: showValues,
            position: 'top',
            color: token.colorText,
            fontFamily: token.fontFamily,
            ...(format ? { formatter: ({ value }: { value: number }) => format(value) } : {}),
          },
        },
      ],
    });
  }, [chart, data, label, token, format, showValues]);

  if (failed) return <Typography.Text type="secondary">{t('dashboard.chartFailed')}</Typography.Text>;
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: HEIGHT }} />;
}
