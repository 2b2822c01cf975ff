import type { MenuRoute } from './menus.ts';

/** The columns of a menu that the router tree is made of. */
export interface BuildableMenu {
  id: number;
  pid: number | null;
  type: number;
  title: string;
  componentName: string | null;
  component: string | null;
  path: string | null;
  icon: string | null;
  iFrame: boolean;
  cache: boolean;
  hidden: boolean;
  menuSort: number;
}

const bySort = (a: BuildableMenu, b: BuildableMenu) => a.menuSort - b.menuSort || a.id - b.id;

/**
 * Turns the menus a user may see into the router tree of `api/menus/build`, following eladmin's
 * conventions field for field: "Layout" for a top-level directory, "ParentView" for a nested
 * one, the page key for a menu, no component for an external link; a top-level menu without
 * children is wrapped in a Layout node whose only child is its page at "index".
 */
export function buildMenuRoutes(menus: readonly BuildableMenu[]): MenuRoute[] {
  const visible = menus.filter((menu) => menu.type !== 2);
  const children = new Map<number | null, BuildableMenu[]>();
  const ids = new Set(visible.map((menu) => menu.id));
  for (const menu of visible) {
    // A menu whose parent is not visible to the user stands at the top level.
    const parent = menu.pid !== null && ids.has(menu.pid) ? menu.pid : null;
    children.set(parent, [...(children.get(parent) ?? []), menu]);
  }
  const build = (pid: number | null): MenuRoute[] =>
    (children.get(pid) ?? []).sort(bySort).map((menu) => {
      const topLevel = pid === null;
      const route: MenuRoute = {
        name: menu.componentName || menu.title,
        path: topLevel ? `/${menu.path ?? ''}` : (menu.path ?? ''),
        hidden: menu.hidden,
        meta: { title: menu.title, icon: menu.icon, noCache: !menu.cache },
      };
      if (!menu.iFrame) {
        if (topLevel) route.component = menu.component || 'Layout';
        else if (menu.type === 0) route.component = menu.component || 'ParentView';
        else if (menu.component) route.component = menu.component;
      }
      const kids = build(menu.id);
      if (kids.length > 0) {
        route.alwaysShow = true;
        route.redirect = 'noredirect';
        route.children = kids;
      } else if (topLevel && menu.type !== 0) {
        const page: MenuRoute = menu.iFrame
          ? { path: menu.path ?? '', hidden: menu.hidden, meta: route.meta }
          : { path: 'index', hidden: menu.hidden, name: route.name, component: route.component, meta: route.meta };
        return { path: route.path, hidden: menu.hidden, component: 'Layout', children: [page] };
      }
      return route;
    });
  return build(null);
}

/** Adds the ancestors of every granted menu, so that granting a page also shows the way to it. */
export function withAncestors<T extends { id: number; pid: number | null }>(
  granted: readonly T[],
  all: readonly T[],
): T[] {
  const byId = new Map(all.map((menu) => [menu.id, menu]));
  const result = new Map(granted.map((menu) => [menu.id, menu]));
  for (const menu of granted) {
    let parent = menu.pid === null ? undefined : byId.get(menu.pid);
    while (parent && !result.has(parent.id)) {
      result.set(parent.id, parent);
      parent = parent.pid === null ? undefined : byId.get(parent.pid);
    }
  }
  return [...result.values()];
}
