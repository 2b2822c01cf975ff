import { hasAnyPermission } from '@water/contract/permissions';

/** Spec §5: the guard needs a non-empty list of permission names; anything else is a programming error. */
export const PERMISSION_USAGE_ERROR = `need roles! Like <Permission allow={['admin', 'editor']}> or usePermission()(['admin', 'editor'])`;

function assertPermissionList(allow: unknown): asserts allow is readonly string[] {
  if (!Array.isArray(allow) || allow.length === 0 || allow.some((name) => typeof name !== 'string' || name === '')) {
    throw new Error(PERMISSION_USAGE_ERROR);
  }
}

/**
 * Whether a user holding `held` may see an element guarded by `allow`: at least one name in
 * common, and `admin` passes every check.
 */
export function hasPermission(held: readonly string[], allow: readonly string[]): boolean {
  assertPermissionList(allow);
  return hasAnyPermission(held, allow);
}
