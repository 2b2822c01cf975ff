import { withoutDetail } from '@/lib/detail-link.ts';
import { findRoute, type RouteEntry } from '@/lib/menus-to-routes.ts';
import type { VisitedView } from '../shell/tabs/tabs-model.ts';

/** Console pages that exist whatever the menus say (spec §2 routes table). */
export interface FixedPage {
  path: string;
  /** English title; translated like menu titles. */
  title: string;
  affix: boolean;
  noCache: boolean;
}

export const HOME_PATH = '/dashboard';
export const REDIRECT_PREFIX = '/redirect/';

export const FIXED_PAGES: readonly FixedPage[] = [
  { path: HOME_PATH, title: 'Home', affix: true, noCache: true },
  { path: '/user/center', title: 'Personal center', affix: false, noCache: true },
];

export const AFFIX_VIEWS: readonly VisitedView[] = FIXED_PAGES.filter((page) => page.affix).map((page) => ({
  fullPath: page.path,
  path: page.path,
  title: page.title,
  affix: true,
  noCache: page.noCache,
}));

export function fixedPage(pathname: string): FixedPage | undefined {
  return FIXED_PAGES.find((page) => page.path === pathname);
}

/** Whether the console has something to show at this path (otherwise it is a 404). */
export function isShellPath(pathname: string, routes: readonly RouteEntry[]): boolean {
  return (
    pathname === '/' ||
    pathname.startsWith(REDIRECT_PREFIX) ||
    fixedPage(pathname) !== undefined ||
    findRoute(routes, pathname) !== undefined
  );
}

/** The title of a console page, untranslated: a fixed page's or its menu's. */
export function pageTitle(pathname: string, routes: readonly RouteEntry[]): string | undefined {
  return fixedPage(pathname)?.title ?? findRoute(routes, pathname)?.title;
}

/** The tab of a location: its path and query, without a record's detail opened over the page. */
export function tabPathOf(pathname: string, search: string): string {
  return pathname + withoutDetail(search);
}

/** The tab a visit to this location opens, or none (the home redirect, a refresh in progress). */
export function viewFor(pathname: string, search: string, routes: readonly RouteEntry[]): VisitedView | undefined {
  const fixed = fixedPage(pathname);
  if (fixed) {
    return {
      fullPath: tabPathOf(pathname, search),
      path: pathname,
      title: fixed.title,
      affix: fixed.affix,
      noCache: fixed.noCache,
    };
  }
  const route = findRoute(routes, pathname);
  if (!route) return undefined;
  return { fullPath: tabPathOf(pathname, search), path: route.fullPath, title: route.title, noCache: route.noCache };
}
