import { DailyBarChart } from '@/features/dashboard/components/home-widgets.ts';
import { loadConsoleTexts } from '@/lib/i18n-console.ts';
import { preloadable } from '@/lib/preloadable.tsx';
import { loadProgress } from './navigation-progress.ts';

/**
 * What the console shows first after sign-in — its root (providers and texts), the layout and
 * the home page — as components that render at once once preloaded (the home page's business
 * figures and chart follow it, within the shell's budget).
 */
export const ConsoleRoot = preloadable(
  async () => (await Promise.all([import('./console-root.tsx'), loadConsoleTexts()]))[0],
  (module) => module.ConsoleRoot,
);
export const BasicLayout = preloadable(
  () => import('./shell/basic-layout.tsx'),
  (module) => module.BasicLayout,
);
export const DashboardPage = preloadable(
  () => import('@/features/dashboard/pages/dashboard-page.tsx'),
  (module) => module.DashboardPage,
);

/** Runs `then` when the main thread has nothing else to do (soon, where the browser cannot tell). */
const whenIdle = (then: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(then, { timeout: 500 })
    : setTimeout(then, 0);

/**
 * Starts loading all of it, then has antd write the first screen's styles while the page is
 * idle: called as the visitor starts signing in.
 */
export function preloadConsole(): void {
  void Promise.all([
    ConsoleRoot.preload(),
    BasicLayout.preload(),
    DashboardPage.preload(),
    DailyBarChart.preload(),
    loadProgress().catch(() => undefined),
  ])
    .then(() => import('./style-warmup.tsx'))
    .then((module) => whenIdle(module.warmConsoleStyles))
    // Only a head start: without it, the first screen writes its styles itself.
    .catch(() => undefined);
}
