import type { EChartsType, init } from 'echarts/core';
import { type RefObject, useEffect, useRef, useState } from 'react';

/** A chunk that brings echarts with just the charts and components a page draws. */
export type ChartModule = Promise<{ init: typeof init }>;

export interface LazyChart {
  /** The element to draw in. */
  box: RefObject<HTMLDivElement | null>;
  /** The chart once its code has arrived; undefined before, and after the page is hidden. */
  chart: EChartsType | undefined;
  /** The chart's code could not be fetched. */
  failed: boolean;
}

/**
 * An echarts chart whose code is fetched when it first shows, drawn as SVG, resized with its box
 * and disposed with it. `load` must be a stable function (declared at module level).
 */
export function useLazyChart(load: () => ChartModule): LazyChart {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let instance: EChartsType | undefined;
    let disposed = false;
    load().then(
      (module) => {
        if (disposed) return;
        instance = module.init(element, undefined, { renderer: 'svg' });
        setChart(instance);
      },
      () => setFailed(true),
    );
    const observer = new ResizeObserver(() => instance?.resize());
    observer.observe(element);
    return () => {
      disposed = true;
      observer.disconnect();
      instance?.dispose();
      // A page kept in a hidden tab runs this again when shown: it must not draw on the old chart.
      setChart(undefined);
    };
  }, [load]);

  return { box, chart, failed };
}
