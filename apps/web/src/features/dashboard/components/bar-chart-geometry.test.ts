import { describe, expect, it } from 'vitest';
import { barChartGeometry, niceScale } from './bar-chart-geometry.ts';

describe('niceScale', () => {
  it('rounds the top of the axis up to a whole step', () => {
    expect(niceScale(37)).toEqual({ max: 40, step: 10 });
    expect(niceScale(4)).toEqual({ max: 4, step: 1 });
    expect(niceScale(3)).toEqual({ max: 3, step: 1 });
    expect(niceScale(9)).toEqual({ max: 9, step: 3 });
    expect(niceScale(120)).toEqual({ max: 150, step: 50 });
  });

  it('still draws an axis when every count is zero', () => {
    expect(niceScale(0)).toEqual({ max: 4, step: 1 });
  });
});

describe('barChartGeometry', () => {
  const box = { width: 340, height: 240, left: 40, right: 0, top: 20, bottom: 20 };

  it('places one bar per day, as tall as its share of the axis', () => {
    const { bars, ticks } = barChartGeometry(
      [
        { label: '11-15', value: 4 },
        { label: '11-16', value: 0 },
        { label: '11-17', value: 2 },
      ],
      box,
    );
    expect(bars.map((bar) => bar.centre)).toEqual([90, 190, 290]);
    expect(bars[0]).toMatchObject({ height: 200, y: 20, width: 36 });
    expect(bars[1]).toMatchObject({ height: 0, y: 220 });
    expect(bars[2]).toMatchObject({ height: 100, y: 120 });
    expect(ticks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4]);
    expect(ticks[0]?.y).toBe(220);
    expect(ticks.at(-1)?.y).toBe(20);
  });

  it('copes with no data and a box too small to draw in', () => {
    expect(barChartGeometry([], box).bars).toEqual([]);
    expect(barChartGeometry([{ label: 'a', value: 1 }], { ...box, width: 10, height: 10 }).bars[0]?.height).toBe(0);
  });
});
