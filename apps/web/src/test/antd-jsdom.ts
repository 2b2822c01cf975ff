// What antd asks jsdom for and jsdom lacks (matchMedia for the responsive grid, ResizeObserver for
// selects and tables). Imported first by component tests that render antd.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }) as never;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as never;
