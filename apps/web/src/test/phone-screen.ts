import { afterEach, beforeEach } from 'vitest';
import { PHONE_SCREEN } from '@/lib/media-query.ts';

/** Renders the file's components on a phone's screen: `PHONE_SCREEN` matches, as antd's `xs` does. */
export function onPhoneScreen() {
  const desktop = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: query === PHONE_SCREEN,
        media: query,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
      }) as never;
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });
}
