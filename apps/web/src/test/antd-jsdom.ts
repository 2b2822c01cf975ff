import { configure } from '@testing-library/react';

// What antd asks jsdom for and jsdom lacks (matchMedia for the responsive grid, ResizeObserver for
// selects and tables). Imported first by component tests that render antd.
window.matchMedia ??= (query: string) => mediaQueryList(query, false);
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as never;

// On a machine busy with the rest of the suite, an antd dropdown can take more than the default
// second to open: every `waitFor` and `findBy…` waits up to five.
configure({ asyncUtilTimeout: 5000 });

/** What `matchMedia` answers for a query, matching or not, in a screen that never changes. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  } as never;
}
