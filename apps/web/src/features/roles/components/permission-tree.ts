import type { Menu, MenuRoute } from '@water/contract/menus';

/**
 * Ticking a menu ticks everything below it (the ids of `api/menus/child`); unticking clears them
 * all. Other ticks stay as they were; the order is that of the ids, without repeats.
 */
export function cascadeCheck(checked: readonly number[], subtree: readonly number[], on: boolean): number[] {
  const next = new Set(checked);
  for (const id of subtree) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return [...next].sort((a, b) => a - b);
}

/** Whether the ticks differ from what the role has, so Save has something to do. */
export function sameMenus(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((id) => left.has(id));
}

type BuildableMenu = Pick<
  Menu,
  | 'id'
  | 'pid'
  | 'type'
  | 'title'
  | 'componentName'
  | 'component'
  | 'path'
  | 'icon'
  | 'iFrame'
  | 'cache'
  | 'hidden'
  | 'menuSort'
>;

/** Granted menus plus their ancestors: granting a page shows the way to it (as the server does). */
function withAncestors(granted: ReadonlySet<number>, all: readonly BuildableMenu[]): BuildableMenu[] {
  const byId = new Map(all.map((menu) => [menu.id, menu]));
  const result = new Map<number, BuildableMenu>();
  for (const id of granted) {
    let menu = byId.get(id);
    while (menu && !result.has(menu.id)) {
      result.set(menu.id, menu);
      menu = menu.pid === null ? undefined : byId.get(menu.pid);
    }
  }
  return [...result.values()];
}

const bySort = (a: BuildableMenu, b: BuildableMenu) => a.menuSort - b.menuSort || a.id - b.id;

/**
 * The `api/menus/build` tree a holder of these menus would get, built by the server's rules
 * (buttons left out, a lone top-level page wrapped in a Layout), so the shell's own
 * menus→routes function can turn it into the sidebar they will see.
 */
export function previewBuild(all: readonly BuildableMenu[], granted: readonly number[]): MenuRoute[] {
  const visible = withAncestors(new Set(granted), all).filter((menu) => menu.type !== 2);
  const ids = new Set(visible.map((menu) => menu.id));
  const children = new Map<number | null, BuildableMenu[]>();
  for (const menu of visible) {
    const parent = menu.pid !== null && ids.has(menu.pid) ? menu.pid : null;
    children.set(parent, [...(children.get(parent) ?? []), menu]);
  }
  const build = (pid: number | null): MenuRoute[] =>
    [...(children.get(pid) ?? [])].sort(bySort).map((menu) => {
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
      if (kids.length > 0) return { ...route, alwaysShow: true, redirect: 'noredirect', children: kids };
      if (topLevel && menu.type !== 0) {
        const page: MenuRoute = menu.iFrame
          ? { path: menu.path ?? '', hidden: menu.hidden, meta: route.meta }
          : { path: 'index', hidden: menu.hidden, name: route.name, component: route.component, meta: route.meta };
        return { path: route.path, hidden: menu.hidden, component: 'Layout', children: [page] };
      }
      return route;
    });
  return build(null);
}
