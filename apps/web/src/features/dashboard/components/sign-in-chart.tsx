import type { DashboardStats } from '@water/contract/logs';
import { Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyChart } from '@/lib/use-lazy-chart.ts';

const loadBarChart = () => import('./echarts-bar.ts');

const HEIGHT = 260;

interface SignInChartProps {
  data: NonNullable<DashboardStats['signIns']>;
  /** What the chart shows, for screen readers (the figures are also in a table). */
  label: string;
}

/** Sign-ins per day as bars with their counts, in the theme's colours; echarts is fetched only here. */
export function SignInChart({ data, label }: SignInChartProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { box, chart, failed } = useLazyChart(loadBarChart);

  useEffect(() => {
    const axisText = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    chart?.setOption({
      animation: false,
      grid: { left: 36, right: 8, top: 28, bottom: 28 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'category',
        data: data.map((day) => day.date.slice(5)),
        axisLabel: axisText,
        axisLine: { lineStyle: { color: token.colorBorder } },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: axisText,
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        {
          type: 'bar',
          name: label,
          data: data.map((day) => day.count),
          barMaxWidth: 36,
          itemStyle: { color: token.colorPrimary, borderRadius: [3, 3, 0, 0] },
          label: { show: true, position: 'top', color: token.colorText, fontFamily: token.fontFamily },
        },
      ],
    });
  }, [chart, data, label, token]);

  if (failed) return <Typography.Text type="secondary">{t('dashboard.chartFailed')}</Typography.Text>;
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: HEIGHT }} />;
}
