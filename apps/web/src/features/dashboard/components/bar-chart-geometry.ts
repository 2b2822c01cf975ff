export interface BarDatum {
  label: string;
  value: number;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels: left (values), bottom (categories), top (value labels over bars). */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface Bar extends BarDatum {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Centre of the bar's band, for its category label. */
  centre: number;
}

export interface Tick {
  value: number;
  y: number;
}

/** A round upper bound and step for whole-number counts: 0–4 → 4 by 1, 37 → 40 by 10, 0 → 1 by 1. */
export function niceScale(max: number, ticks = 4): { max: number; step: number } {
  if (max <= 0) return { max: ticks, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude,
  );
  const wholeStep = Number.isInteger(step) ? step : Math.ceil(step);
  return { max: Math.ceil(max / wholeStep) * wholeStep, step: wholeStep };
}

/** Where every bar and grid line goes in a box of the given size. */
export function barChartGeometry(data: readonly BarDatum[], box: ChartBox): { bars: Bar[]; ticks: Tick[] } {
  const plotWidth = Math.max(0, box.width - box.left - box.right);
  const plotHeight = Math.max(0, box.height - box.top - box.bottom);
  const baseline = box.top + plotHeight;
  const { max, step } = niceScale(Math.max(0, ...data.map((datum) => datum.value)));
  const band = data.length > 0 ? plotWidth / data.length : 0;
  const barWidth = Math.min(36, band * 0.6);
  const bars = data.map((datum, index) => {
    const height = max > 0 ? (Math.max(0, datum.value) / max) * plotHeight : 0;
    const centre = box.left + band * index + band / 2;
    return { ...datum, x: centre - barWidth / 2, y: baseline - height, width: barWidth, height, centre };
  });
  const ticks: Tick[] = [];
  for (let value = 0; value <= max; value += step) ticks.push({ value, y: baseline - (value / max) * plotHeight });
  return { bars, ticks };
}
