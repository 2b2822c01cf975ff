import { type BuildableMenu, buildMenuRoutes, withAncestors } from '@water/contract/menu-build';
import type { MenuRoute } from '@water/contract/menus';

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

/**
 * The `api/menus/build` tree a holder of these menus would get, by the server's own rules
 * (buttons left out, ancestors of a granted page shown, a lone top-level page wrapped in a
 * Layout), so the shell's menus→routes function can turn it into the sidebar they will see.
 */
export function previewBuild(all: readonly BuildableMenu[], granted: readonly number[]): MenuRoute[] {
  const chosen = new Set(granted);
  const grantedMenus = all.filter((menu) => chosen.has(menu.id));
  return buildMenuRoutes(withAncestors(grantedMenus, all));
}
