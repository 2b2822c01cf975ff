import { LEVEL_WITHOUT_ROLES, ROLE_LEVEL_MIN } from '@water/contract/roles';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../lib/http-errors.ts';
import { dataScopeOf, type Principal, rolesOf } from './user-info.repository.ts';

/** What object-level checks need to know about the signed-in user, read fresh for each write. */
export interface Caller {
  id: number;
  username: string;
  isAdmin: boolean;
  deptId: number | null;
  /** Best (numerically lowest) level among the caller's roles. */
  level: number;
  /** Departments the caller's data scope reaches; null when it is not restricted. */
  scope: ReadonlySet<number> | null;
}

/** The best level of a set of roles; the built-in administrator ranks with the best. */
export function bestLevel(levels: readonly number[], isAdmin = false): number {
  const best = Math.min(LEVEL_WITHOUT_ROLES, ...levels);
  return isAdmin ? Math.min(best, ROLE_LEVEL_MIN) : best;
}

export async function loadCaller(db: Database, principal: Principal): Promise<Caller> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.id));
  if (!user) throw unauthorized();
  const roles = await rolesOf(db, user.id);
  const scope = await dataScopeOf(db, user, roles);
  return {
    id: user.id,
    username: user.username,
    isAdmin: user.isAdmin,
    deptId: user.deptId,
    level: bestLevel(
      roles.map((role) => role.level),
      user.isAdmin,
    ),
    scope: scope.length === 0 ? null : new Set(scope),
  };
}

/** Whether a department lies in the caller's data scope (no department: only for an unrestricted scope). */
export function inScope(caller: Caller, deptId: number | null): boolean {
  return caller.scope === null || (deptId !== null && caller.scope.has(deptId));
}

/** Refuses to act on something whose level ranks above the caller's (a lower number). */
export function assertLevelReachable(caller: Caller, level: number, what: string): void {
  if (level < caller.level) {
    throw forbidden(`${what} has role level ${level}, above your own level ${caller.level}`);
  }
}
