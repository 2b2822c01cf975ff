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
