import type { SignInMoment } from '@/features/auth/components/login-form.tsx';
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
 * Starts loading all of it as the visitor starts filling the sign-in form in, and has antd write
 * the first screen's styles meanwhile, while the page is idle; once the form is sent, whatever
 * is left of that is done at once, while the sign-in's answer is awaited.
 */
export function preloadConsole(moment: SignInMoment = 'filling'): void {
  void Promise.all([
    ConsoleRoot.preload(),
    BasicLayout.preload(),
    DashboardPage.preload(),
    DailyBarChart.preload(),
    loadProgress().catch(() => undefined),
  ]);
  import('./style-warmup.tsx')
    .then(({ writeConsoleStyles }) =>
      moment === 'sent' ? writeConsoleStyles('now') : whenIdle(() => writeConsoleStyles('in the background')),
    )
    // Only a head start: without it, the first screen writes its styles itself.
    .catch(() => undefined);
}
