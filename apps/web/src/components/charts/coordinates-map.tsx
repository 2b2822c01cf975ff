import { Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyChart } from '@/lib/use-lazy-chart.ts';

const loadScatterChart = () => import('./echarts-scatter.ts');

/** A place to mark: where it is, how big its mark is, and whether it is in use. */
export interface MapPoint {
  id: number;
  name: string;
  longitude: number;
  latitude: number;
  /** What the tooltip adds under the name. */
  detail: string;
  /** Drawn larger the more it holds (machines at a site). */
  weight: number;
  active: boolean;
}

/**
 * Places by their coordinates, longitude across and latitude up, drawn without map tiles (no
 * outside service, works offline); each mark names its place on hover and on focus of the list.
 */
export function CoordinatesMap({
  points,
  label,
  axisNames,
  height = 420,
}: {
  points: readonly MapPoint[];
  label: string;
  axisNames: { longitude: string; latitude: string };
  height?: number;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { box, chart, failed } = useLazyChart(loadScatterChart);

  useEffect(() => {
    const axisText = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    /** The axis around the points, a tenth of their spread beyond each side (a little around a single one). */
    const axis = (name: string, suffix: string, values: number[]) => {
      const low = Math.min(...values);
      const high = Math.max(...values);
      const pad = Math.max((high - low) * 0.1, 0.01);
      const span = high - low + 2 * pad;
      const decimals = span < 0.1 ? 4 : span < 1 ? 3 : 2;
      return {
        type: 'value' as const,
        min: values.length > 0 ? low - pad : undefined,
        max: values.length > 0 ? high + pad : undefined,
        name,
        nameTextStyle: axisText,
        axisLabel: { ...axisText, formatter: (value: number) => `${value.toFixed(decimals)}°${suffix}` },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      };
    };
    const series = (active: boolean) => ({
      type: 'scatter' as const,
      name: active ? 'active' : 'inactive',
      data: points
        .filter((point) => point.active === active)
        .map((point) => ({
          value: [point.longitude, point.latitude],
          name: point.name,
          detail: point.detail,
          weight: point.weight,
        })),
      symbolSize: (_: unknown, params: { data: { weight: number } }) => 10 + Math.min(20, params.data.weight * 3),
      itemStyle: { color: active ? token.colorPrimary : token.colorTextQuaternary, opacity: 0.85 },
      emphasis: { scale: 1.3 },
    });
    chart?.setOption({
      animation: false,
      grid: { left: 80, right: 56, top: 32, bottom: 36 },
      tooltip: {
        trigger: 'item',
        formatter: (params: { data: { name: string; detail: string; value: [number, number] } }) => {
          const html = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
          const [lon, lat] = params.data.value;
          return `<b>${html(params.data.name)}</b><br/>${html(params.data.detail)}<br/>${lon.toFixed(5)}, ${lat.toFixed(5)}`;
        },
      },
      xAxis: axis(
        axisNames.longitude,
        'E',
        points.map((point) => point.longitude),
      ),
      yAxis: axis(
        axisNames.latitude,
        'N',
        points.map((point) => point.latitude),
      ),
      series: [series(true), series(false)],
    });
  }, [chart, points, token, axisNames]);

  if (failed) return <Typography.Text type="secondary">{t('dashboard.chartFailed')}</Typography.Text>;
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
