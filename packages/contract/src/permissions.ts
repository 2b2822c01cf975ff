import { ADMIN_PERMISSION } from './constants.ts';

/**
 * The permission rule, on the server and in the console alike: `admin` passes every check;
 * otherwise the caller must hold at least one of the permissions required.
 */
export function hasAnyPermission(held: Iterable<string> | ReadonlySet<string>, required: readonly string[]): boolean {
  const names = held instanceof Set ? (held as ReadonlySet<string>) : new Set(held);
  if (names.has(ADMIN_PERMISSION)) return true;
  return required.some((name) => names.has(name));
}

/** The documented form of a permission string: `module:action`, e.g. `user:edit`. */
export const PERMISSION_PATTERN = /^[a-z][a-zA-Z0-9]*:[a-z][a-zA-Z0-9]*$/;

/** Who sees each figure of the home page: a caller holding one of its permissions. */
export const DASHBOARD_FIGURE_PERMISSIONS = {
  users: ['user:list'],
  onlineUsers: ['online:list'],
  menus: ['menu:list'],
  dicts: ['dict:list'],
  signIns: ['user:list', 'log:list'],
} as const satisfies Record<string, readonly string[]>;

/** Who sees the business figures of the home page (`api/business/overview`): those who see orders. */
export const BUSINESS_OVERVIEW_PERMISSION = 'order:list';
