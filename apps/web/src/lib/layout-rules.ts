export type Device = 'desktop' | 'mobile';
export type UiSize = 'small' | 'middle' | 'large';

/** Spec §9: below this width the sidebar becomes a drawer. */
export const MOBILE_BREAKPOINT = 992;
/** Spec §2, §9. */
export const SIDEBAR_WIDTH = 205;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
export const UI_SIZES: readonly UiSize[] = ['large', 'middle', 'small'];

/** The cookie holds `1` (open) or `0` (closed); open when there is none. */
export function sidebarOpenedFrom(cookie: string | undefined): boolean {
  return cookie !== '0';
}

/** Spec §9: 'small' unless a saved size exists. */
export function sizeFrom(cookie: string | undefined): UiSize {
  return UI_SIZES.includes(cookie as UiSize) ? (cookie as UiSize) : 'small';
}

export function deviceFor(width: number): Device {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}
