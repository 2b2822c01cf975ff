import { useEffect } from 'react';

type Progress = typeof import('nprogress');

let progress: Promise<Progress> | undefined;
let holders = 0;

// Loaded on first use (or preloaded as the visitor signs in), so the sign-in page's first load stays small.
export function loadProgress(): Promise<Progress> {
  progress ??= import('./nprogress-setup.ts').then((module) => module.NProgress);
  return progress;
}

/**
 * Runs `then` with the bar once the next frame has been drawn: moving the bar reads the page's
 * layout, which in the middle of a render would have the browser lay out the new page twice.
 */
function withBar(then: (bar: Progress) => void): void {
  void loadProgress().then((bar) => requestAnimationFrame(() => setTimeout(() => then(bar), 0)));
}

function hold(): () => void {
  holders += 1;
  withBar((bar) => {
    if (holders > 0) bar.start();
  });
  return () => {
    holders -= 1;
    if (holders === 0) withBar((bar) => holders === 0 && bar.done());
  };
}

/** Shows the top progress bar while `busy` is true (several callers may hold it at once). */
export function useProgressWhile(busy: boolean): void {
  useEffect(() => (busy ? hold() : undefined), [busy]);
}

/** A Suspense fallback that runs the progress bar while a page's code loads. */
export function ProgressFallback() {
  useProgressWhile(true);
  return null;
}

/** A short run of the bar for a navigation that needed no loading, so every move gets feedback. */
export function pulseProgress(): void {
  if (holders > 0) return;
  withBar((bar) => {
    if (holders > 0) return;
    bar.start();
    bar.done();
  });
}
