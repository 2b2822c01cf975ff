import type { ReportGrouping, ReportRow } from '@water/contract/reports';
import { Typography, theme } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan } from '@/lib/format/money.ts';
import { useLazyChart } from '@/lib/use-lazy-chart.ts';

const loadBarChart = () => import('@/components/charts/echarts-bar.ts');

/** How many groups the bars show: the rest are in the table below. */
export const TOP_GROUPS = 10;
const BAR_HEIGHT = 28;

/** The groups of the most revenue first, at most TOP_GROUPS. */
export const topGroups = (rows: readonly ReportRow[]) =>
  [...rows].sort((a, b) => b.revenue - a.revenue).slice(0, TOP_GROUPS);

/** The groups of the most revenue as bars across, the largest on top; a long name is cut to fit a phone. */
export function ReportTopChart({ rows, by }: { rows: readonly ReportRow[]; by: ReportGrouping }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { box, chart, failed } = useLazyChart(loadBarChart);
  const top = useMemo(() => topGroups(rows), [rows]);
  const label = t('reports.topGroups', { group: t(`reports.groupings.${by}`), count: TOP_GROUPS });

  useEffect(() => {
    const axisText = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    // Largest on top: echarts draws a category axis from the bottom up.
    const bars = [...top].reverse();
    chart?.setOption(
      {
        animation: false,
        grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: {
          type: 'value',
          axisLabel: axisText,
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        yAxis: {
          type: 'category',
          data: bars.map((row) => row.name ?? row.key ?? t('reports.none')),
          axisLabel: { ...axisText, width: 150, overflow: 'truncate' },
          axisLine: { lineStyle: { color: token.colorBorder } },
          axisTick: { show: false },
        },
        series: [
          {
            type: 'bar',
            name: t('reports.revenueYuan'),
            data: bars.map((row) => Number(fenToYuan(row.revenue))),
            barMaxWidth: 20,
            itemStyle: { color: token.colorPrimary, borderRadius: [0, 3, 3, 0] },
          },
        ],
      },
      { notMerge: true },
    );
  }, [chart, top, token, t]);

  if (failed) return <Typography.Text type="secondary">{t('reports.chartFailed')}</Typography.Text>;
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      style={{ width: '100%', height: Math.max(3, top.length) * BAR_HEIGHT + 40 }}
    />
  );
}
