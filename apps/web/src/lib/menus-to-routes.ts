import type { MenuRoute } from '@water/contract/menus';
import { isExternalLink } from '@water/contract/validators';

/** One page the server's menus make reachable (or an external link they point to). */
export interface RouteEntry {
  /** Absolute in-app path such as `/system/user`, or the address of an external link. */
  fullPath: string;
  /** The server's component key (`system/user/index`); undefined when the entry names none. */
  pageKey: string | undefined;
  name: string | undefined;
  /** The menu title as the server sent it (English in the seed); translated when shown. */
  title: string;
  icon: string | undefined;
  /** Titles from the top-level directory down to this page, this page included. */
  breadcrumb: string[];
  noCache: boolean;
  hidden: boolean;
  external: boolean;
}

/** One entry of the sidebar: a directory with children, a page, or an external link. */
export interface SidebarItem {
  /** The full path (or external address); unique across the tree. */
  key: string;
  title: string;
  icon: string | undefined;
  external: boolean;
  children?: SidebarItem[];
}

export interface MenuRouteTable {
  routes: RouteEntry[];
  sidebar: SidebarItem[];
}

const CONTAINERS = new Set(['Layout', 'ParentView']);

/** The top level sends `"/" + path`, so an external top-level link arrives as `/https://…`. */
function externalAddress(path: string): string | undefined {
  if (isExternalLink(path)) return path;
  const bare = path.replace(/^\/+/, '');
  return isExternalLink(bare) ? bare : undefined;
}

function joinPath(base: string, path: string): string {
  const joined = path.startsWith('/') ? path : `${base}/${path}`;
  const collapsed = joined.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

interface Walked {
  routes: RouteEntry[];
  sidebar: SidebarItem[];
}

function walk(nodes: readonly MenuRoute[], base: string, trail: string[], hiddenAbove: boolean): Walked {
  const routes: RouteEntry[] = [];
  const sidebar: SidebarItem[] = [];
  for (const node of nodes) {
    const title = node.meta?.title;
    const hidden = hiddenAbove || node.hidden;
    const external = externalAddress(node.path);
    const fullPath = external ?? joinPath(base, node.path);
    const breadcrumb = title ? [...trail, title] : trail;

    if (node.children && node.children.length > 0) {
      const inner = walk(node.children, fullPath, breadcrumb, hidden);
      routes.push(...inner.routes);
      if (hidden || inner.sidebar.length === 0) continue;
      // A Layout wrapper without a title of its own stands for its only page: show that page in its place.
      if (title)
        sidebar.push({
          key: fullPath,
          title,
          icon: node.meta?.icon ?? undefined,
          external: false,
          children: inner.sidebar,
        });
      else sidebar.push(...inner.sidebar);
      continue;
    }

    // A directory with nothing in it leads nowhere.
    if (!title || (node.component && CONTAINERS.has(node.component))) continue;
    // The page of a wrapped top-level external link comes back as "index" under `/https://…`.
    const linkAddress = external ?? (node.component ? undefined : externalAddress(base));
    const entry: RouteEntry = {
      fullPath: linkAddress ?? fullPath,
      pageKey: linkAddress ? undefined : node.component,
      name: node.name,
      title,
      icon: node.meta?.icon ?? undefined,
      breadcrumb,
      noCache: node.meta?.noCache ?? true,
      hidden,
      external: linkAddress !== undefined,
    };
    routes.push(entry);
    if (!hidden) sidebar.push({ key: entry.fullPath, title, icon: entry.icon, external: entry.external });
  }
  return { routes, sidebar };
}

/**
 * Turns the router tree of `api/menus/build` into a flat table of reachable pages and the
 * sidebar tree. Pure: the layout matches the current path against the table instead of
 * adding routes to the router.
 */
export function menusToRoutes(build: readonly MenuRoute[]): MenuRouteTable {
  return walk(build, '', [], false);
}

/** The page entry for an in-app path, if the menus make it reachable. */
export function findRoute(routes: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  const path = joinPath('', pathname);
  return routes.find((route) => !route.external && route.fullPath === path);
}
