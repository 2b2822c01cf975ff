import type { SidebarItem } from '@/lib/menus-to-routes.ts';

/** The keys of the directories above the item at `path`, outermost first. */
export function openKeysFor(items: readonly SidebarItem[], path: string): string[] {
  for (const item of items) {
    if (item.key === path) return [];
    if (item.children) {
      const below = openKeysFor(item.children, path);
      if (below.length > 0 || item.children.some((child) => child.key === path)) return [item.key, ...below];
    }
  }
  return [];
}

/**
 * The open submenus after the user opened or closed one. With unique-opened, opening a
 * submenu closes the others that are not above it.
 */
export function nextOpenKeys(previous: readonly string[], next: readonly string[], uniqueOpened: boolean): string[] {
  if (!uniqueOpened) return [...next];
  const opened = next.find((key) => !previous.includes(key));
  if (!opened) return [...next];
  return next.filter((key) => key === opened || opened.startsWith(`${key}/`));
}
