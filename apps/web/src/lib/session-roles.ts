import { DEFAULT_ROLE } from '@water/contract/constants';

/** A user without any permission string still gets one (spec §3), so "roles loaded" is never an empty list. */
export function rolesOf(permissions: readonly string[]): string[] {
  return permissions.length > 0 ? [...permissions] : [DEFAULT_ROLE];
}
