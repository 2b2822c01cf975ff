import { preloadable } from '@/lib/preloadable.tsx';

/**
 * The home page's parts that travel apart from it, as components that render at once once
 * preloaded. The chart's own library (echarts) is fetched by the chart as it first shows.
 */
export const DailyBarChart = preloadable(
  () => import('@/components/charts/daily-bar-chart.tsx'),
  (module) => module.DailyBarChart,
);

/** Fetched only for those who see orders: the business figures travel apart from the shell. */
export const BusinessOverview = preloadable(
  () => import('./business-overview.tsx'),
  (module) => module.BusinessOverview,
);
