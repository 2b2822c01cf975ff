import { afterEach, beforeEach } from 'vitest';
import { PHONE_SCREEN } from '@/lib/media-query.ts';
import { mediaQueryList } from './antd-jsdom.ts';

/** Renders the file's components on a phone's screen: `PHONE_SCREEN` matches, as antd's `xs` does. */
export function onPhoneScreen() {
  const desktop = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => mediaQueryList(query, query === PHONE_SCREEN);
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });
}
