import { ADMIN_PERMISSION } from '@water/contract/constants';
import {
  DATA_SCOPE_ALL,
  DATA_SCOPE_CUSTOM,
  DATA_SCOPE_OWN,
  DATA_SCOPE_SUBTREE,
  LEVEL_WITHOUT_ROLES,
  ROLE_LEVEL_MIN,
} from '@water/contract/roles';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as deptsModel from '../modules/depts/depts.read-model.ts';
import * as menusModel from '../modules/menus/menus.read-model.ts';
import * as rolesModel from '../modules/roles/roles.read-model.ts';
import * as usersModel from '../modules/users/users.read-model.ts';

/** The tables read here, each published by its module. */
const t = { ...deptsModel, ...menusModel, ...rolesModel, ...usersModel };

import { InvalidatingCache } from '../lib/cache.ts';
import type { EventBus } from '../lib/events.ts';
import { forbidden } from '../lib/http-errors.ts';
import { descendantsOf } from '../lib/tree.ts';

/** The signed-in user as every request and every rule sees it. */
export interface Principal {
  id: number;
  username: string;
  enabled: boolean;
  isAdmin: boolean;
  mustChangePassword: boolean;
  permissions: ReadonlySet<string>;
  /** Ids of the user's roles, ascending. */
  roleIds: readonly number[];
  deptId: number | null;
  /** Best (numerically lowest) level among the user's roles; the administrator ranks with the best. */
  level: number;
  /** Departments the user's data scope reaches; null when it is not restricted. */
  scope: ReadonlySet<number> | null;
}

/** The best level of a set of roles; the built-in administrator ranks with the best. */
export function bestLevel(levels: readonly number[], isAdmin = false): number {
  const best = Math.min(LEVEL_WITHOUT_ROLES, ...levels);
  return isAdmin ? Math.min(best, ROLE_LEVEL_MIN) : best;
}

/** Whether the principal holds `admin`: the one kind of user that every rule lets through. */
export function isAdministrator(principal: Principal): boolean {
  return principal.permissions.has(ADMIN_PERMISSION);
}

/** Whether a department lies in the principal's data scope (no department: only for an unrestricted scope). */
export function inScope(principal: Principal, deptId: number | null): boolean {
  return principal.scope === null || (deptId !== null && principal.scope.has(deptId));
}

type Role = { id: number; level: number; dataScope: string };

/** What may be done to another user, under the same rule: its text key under `errors.users.actions`. */
export type UserAction = 'edit' | 'delete' | 'resetPassword' | 'signOut';

/** A user some action is about to change or sign out. */
export interface TargetUser {
  id: number;
  username: string;
  deptId: number | null;
  isAdmin: boolean;
}

/**
 * The rule for acting on other users (editing, deleting, resetting, signing out): the target lies
 * in the caller's data scope and ranks no higher than the caller; only an administrator acts on
 * an administrator. Throws a 403 naming the first user refused.
 */
export async function assertCanManageUsers(
  db: Database,
  principal: Principal,
  targets: readonly TargetUser[],
  action: UserAction,
): Promise<void> {
  if (isAdministrator(principal) || targets.length === 0) return;
  const ids = [...new Set(targets.map((target) => target.id))];
  const rows = await db
    .select({ userId: t.usersRoles.userId, level: t.roles.level })
    .from(t.usersRoles)
    .innerJoin(t.roles, eq(t.roles.id, t.usersRoles.roleId))
    .where(inArray(t.usersRoles.userId, ids));
  const named = { action: { key: `errors.users.actions.${action}` } };
  for (const target of targets) {
    if (!inScope(principal, target.deptId)) {
      throw forbidden({ key: 'errors.users.outsideScope', values: { ...named, username: target.username } });
    }
    if (target.isAdmin)
      throw forbidden({ key: 'errors.users.adminOnly', values: { ...named, username: target.username } });
    const level = bestLevel(rows.filter((row) => row.userId === target.id).map((row) => row.level));
    if (level < principal.level) {
      throw forbidden({
        key: 'errors.users.levelAbove',
        values: { ...named, username: target.username, level, own: principal.level },
      });
    }
  }
}

/** A user's roles, best (lowest level) first. */
export function rolesOf(db: Database, userId: number) {
  return db
    .select({ id: t.roles.id, name: t.roles.name, level: t.roles.level, dataScope: t.roles.dataScope })
    .from(t.usersRoles)
    .innerJoin(t.roles, eq(t.roles.id, t.usersRoles.roleId))
    .where(eq(t.usersRoles.userId, userId))
    .orderBy(asc(t.roles.level), asc(t.roles.id));
}

/** The permission strings a user holds through its roles' menus; `admin` for the administrator. */
export async function permissionsOf(db: Database, user: { id: number; isAdmin: boolean }): Promise<string[]> {
  if (user.isAdmin) return [ADMIN_PERMISSION];
  const rows = await db
    .selectDistinct({ permission: t.menus.permission })
    .from(t.usersRoles)
    .innerJoin(t.rolesMenus, eq(t.rolesMenus.roleId, t.usersRoles.roleId))
    .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
    .where(and(eq(t.usersRoles.userId, user.id), isNotNull(t.menus.permission)));
  return rows
    .map((row) => row.permission?.trim() ?? '')
    .filter((permission) => permission !== '')
    .sort();
}

/** Departments a user's data scope reaches; empty means no restriction. */
export async function dataScopeOf(
  db: Database,
  user: { isAdmin: boolean; deptId: number | null },
  roles: readonly Role[],
): Promise<number[]> {
  if (user.isAdmin || roles.some((role) => role.dataScope === DATA_SCOPE_ALL)) return [];
  const ids = new Set<number>();
  const custom = roles.filter((role) => role.dataScope === DATA_SCOPE_CUSTOM).map((role) => role.id);
  if (custom.length > 0) {
    const roots = await db
      .select({ deptId: t.rolesDepts.deptId })
      .from(t.rolesDepts)
      .where(inArray(t.rolesDepts.roleId, custom));
    for (const id of await descendantsOf(
      db,
      t.depts,
      roots.map((root) => root.deptId),
    ))
      ids.add(id);
  }
  if (user.deptId !== null && roles.some((role) => role.dataScope === DATA_SCOPE_SUBTREE)) {
    for (const id of await descendantsOf(db, t.depts, [user.deptId])) ids.add(id);
  }
  if (user.deptId !== null && roles.some((role) => role.dataScope === DATA_SCOPE_OWN)) ids.add(user.deptId);
  // A user whose roles reach nothing still sees their own department's nothing: an impossible id.
  return ids.size > 0 ? [...ids].sort((a, b) => a - b) : [0];
}

async function loadPrincipal(db: Database, userId: number): Promise<Principal | undefined> {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  if (!user) return undefined;
  const roles = await rolesOf(db, user.id);
  const scope = await dataScopeOf(db, user, roles);
  return {
    id: user.id,
    username: user.username,
    enabled: user.enabled,
    isAdmin: user.isAdmin,
    mustChangePassword: user.mustChangePassword,
    permissions: new Set(await permissionsOf(db, user)),
    roleIds: roles.map((role) => role.id).sort((a, b) => a - b),
    deptId: user.deptId,
    level: bestLevel(
      roles.map((role) => role.level),
      user.isAdmin,
    ),
    scope: scope.length === 0 ? null : new Set(scope),
  };
}

/**
 * Principals by user id, kept until the user, their roles, the menus of their roles or the
 * departments change, on any instance.
 */
export class PrincipalCache {
  readonly #cache = new InvalidatingCache<number, Principal | undefined>({ maxEntries: 50_000 });

  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
  ) {
    events.on('principals', (payload) => {
      if (payload === '*') this.#cache.clear();
      else this.#cache.delete((payload as { userId: number }).userId);
    });
  }

  get(userId: number): Promise<Principal | undefined> {
    return this.#cache.get(userId, () => loadPrincipal(this.db, userId));
  }

  /** The principal if it is in memory, without loading it. */
  peek(userId: number): Principal | undefined {
    return this.#cache.peek(userId);
  }

  /** Call after a change to a user, their roles, the menus of their roles, or the departments. */
  invalidate(userId?: number): Promise<void> {
    return this.events.publish('principals', userId === undefined ? '*' : { userId });
  }
}
