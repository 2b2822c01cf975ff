import type { PageKey } from '@water/contract/page-keys';
import { create } from 'zustand';
import type { RouteEntry } from './menus-to-routes.ts';

/** Where the signed-in user's menus put each page, by its key: the first menu showing it. */
const usePagePaths = create<{ paths: Readonly<Record<string, string>> }>(() => ({ paths: {} }));

/** The shell publishes the pages its menus make reachable, each time it has them. */
export function publishPagePaths(routes: readonly RouteEntry[]): void {
  const paths: Record<string, string> = {};
  for (const route of routes) {
    if (route.pageKey && !route.external && paths[route.pageKey] === undefined) paths[route.pageKey] = route.fullPath;
  }
  usePagePaths.setState({ paths });
}

/**
 * The path of a page (`business/order/index` → `/business/orders`) in the user's menus, or
 * undefined when they do not show it: a link to it is offered only then.
 */
export function usePagePath(key: PageKey): string | undefined {
  return usePagePaths((state) => state.paths[key]);
}
