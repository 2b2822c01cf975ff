import { useEffect } from 'react';

type Progress = typeof import('nprogress');

let progress: Promise<Progress> | undefined;
let holders = 0;

// Loaded on first use (or preloaded as the visitor signs in), so the sign-in page's first load stays small.
export function loadProgress(): Promise<Progress> {
  progress ??= import('./nprogress-setup.ts').then((module) => module.NProgress);
  return progress;
}

function hold(): () => void {
  holders += 1;
  void loadProgress().then((bar) => {
    if (holders > 0) bar.start();
  });
  return () => {
    holders -= 1;
    if (holders === 0) void loadProgress().then((bar) => holders === 0 && bar.done());
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
  void loadProgress().then((bar) => {
    if (holders > 0) return;
    bar.start();
    bar.done();
  });
}
