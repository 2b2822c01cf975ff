import { theme } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import type { DailySignIns } from '../api/get-dashboard-stats.ts';
import { barChartGeometry } from './bar-chart-geometry.ts';

const HEIGHT = 260;
const BOX = { left: 36, right: 8, top: 24, bottom: 28 };

interface SignInChartProps {
  data: readonly DailySignIns[];
  /** What the chart shows, for screen readers (the figures are also in a table). */
  label: string;
}

/**
 * Sign-ins per day as bars with their counts, drawn as SVG in the theme's colours: seven bars
 * do not need a charting library, and the console stays within its bundle budget.
 */
export function SignInChart({ data, label }: SignInChartProps) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { bars, ticks } = barChartGeometry(
    data.map((day) => ({ label: day.date.slice(5), value: day.count })),
    { ...BOX, width, height: HEIGHT },
  );
  const text = { fill: token.colorTextSecondary, fontSize: 12 };

  return (
    <div ref={box} style={{ width: '100%', height: HEIGHT }}>
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={label}>
          {ticks.map((tick) => (
            <g key={tick.value}>
              <line x1={BOX.left} x2={width - BOX.right} y1={tick.y} y2={tick.y} stroke={token.colorBorderSecondary} />
              <text x={BOX.left - 8} y={tick.y} textAnchor="end" dominantBaseline="middle" {...text}>
                {tick.value}
              </text>
            </g>
          ))}
          {bars.map((bar) => (
            <g key={bar.label}>
              <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={3} fill={token.colorPrimary}>
                <title>{`${bar.label}: ${bar.value}`}</title>
              </rect>
              <text x={bar.centre} y={bar.y - 6} textAnchor="middle" {...text} fill={token.colorText}>
                {bar.value}
              </text>
              <text x={bar.centre} y={HEIGHT - 8} textAnchor="middle" {...text}>
                {bar.label}
              </text>
            </g>
          ))}
        </svg>
      )}
    </div>
  );
}
