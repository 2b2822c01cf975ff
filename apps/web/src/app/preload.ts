import type { SignInMoment } from '@/features/auth/components/login-form.tsx';
import { DailyBarChart } from '@/features/dashboard/components/home-widgets.ts';
import { loadConsoleTexts } from '@/lib/i18n-console.ts';
import { PHONE_SCREEN } from '@/lib/media-query.ts';
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

/** How long the console is left alone after its first screen before pages' code is fetched ahead. */
const PRELOAD_AFTER_MS = 3000;

/** Runs `then` only when the main thread has nothing else to do; never where the browser cannot tell. */
const whenTrulyIdle = (then: () => void) => window.requestIdleCallback?.(then);

/**
 * A few seconds after the console's first screen, while the browser is idle: on a screen wider than
 * a phone's whose visitor has not asked to save data, antd writes the styles of what list pages are
 * made of, and the code of the pages of the visitor's menu is loaded one after another, so that
 * each later opens from the menu without waiting for its files. Answers a cancel, for when the menu
 * changes or the console closes.
 */
export function preloadMenuPages(pageKeys: readonly (string | undefined)[]): () => void {
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (saveData || window.matchMedia(PHONE_SCREEN).matches) return () => undefined;
  let cancelled = false;
  const idle = (then: () => void) => whenTrulyIdle(() => cancelled || then());
  const timer = setTimeout(() => {
    idle(() => {
      import('./list-style-warmup.tsx')
        .then(({ writeListStyles }) => writeListStyles())
        // Only a head start, as above.
        .catch(() => undefined);
      void import('./page-registry.ts').then(({ preloadPageCode }) => preloadPageCode(pageKeys, idle));
    });
  }, PRELOAD_AFTER_MS);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
