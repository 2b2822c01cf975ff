import type { ReportPoint } from '@water/contract/reports';
import { Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan } from '@/lib/format/money.ts';
import { useLazyChart } from '@/lib/use-lazy-chart.ts';

const loadChart = () => import('@/components/charts/echarts-bar-line.ts');

const HEIGHT = 280;

/** A day (`2026-11-23`) as `11-23`, a month (`2026-11`) as it is. */
const axisLabelOf = (period: string) => (period.length === 10 ? period.slice(5) : period);

/** Revenue per day or month as bars (yuan, left scale), the orders as a line (right scale). */
export function ReportTrendChart({ series }: { series: readonly ReportPoint[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { box, chart, failed } = useLazyChart(loadChart);
  const label = t('reports.overTime');

  useEffect(() => {
    const axisText = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    const split = { lineStyle: { color: token.colorBorderSecondary } };
    const revenue = t('reports.revenueYuan');
    const orders = t('reports.orders');
    chart?.setOption(
      {
        animation: false,
        grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
        legend: { top: 0, textStyle: axisText, data: [revenue, orders] },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: {
          type: 'category',
          data: series.map((point) => axisLabelOf(point.period)),
          axisLabel: axisText,
          axisLine: { lineStyle: { color: token.colorBorder } },
          axisTick: { show: false },
        },
        yAxis: [
          { type: 'value', axisLabel: axisText, splitLine: split },
          { type: 'value', minInterval: 1, axisLabel: axisText, splitLine: { show: false } },
        ],
        series: [
          {
            type: 'bar',
            name: revenue,
            data: series.map((point) => Number(fenToYuan(point.revenue))),
            barMaxWidth: 28,
            itemStyle: { color: token.colorPrimary, borderRadius: [3, 3, 0, 0] },
          },
          {
            type: 'line',
            name: orders,
            yAxisIndex: 1,
            data: series.map((point) => point.orders),
            symbolSize: series.length > 31 ? 0 : 5,
            lineStyle: { color: token.colorWarning, width: 2 },
            itemStyle: { color: token.colorWarning },
          },
        ],
      },
      { notMerge: true },
    );
  }, [chart, series, token, t]);

  if (failed) return <Typography.Text type="secondary">{t('reports.chartFailed')}</Typography.Text>;
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: HEIGHT }} />;
}
