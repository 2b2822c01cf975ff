import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { menus } from '../modules/menus/menus.read-model.ts';
import { rolesMenus } from '../modules/roles/roles.read-model.ts';
import { users, usersRoles } from '../modules/users/users.read-model.ts';

/**
 * The enabled users whose roles grant `permission` (among `ids` when given), by id: the
 * technicians are the holders of workorder:work.
 */
export async function holdersOf(db: Database, permission: string, ids?: readonly number[]) {
  return db
    .selectDistinct({ id: users.id, username: users.username, nickName: users.nickName })
    .from(users)
    .innerJoin(usersRoles, eq(usersRoles.userId, users.id))
    .innerJoin(rolesMenus, eq(rolesMenus.roleId, usersRoles.roleId))
    .innerJoin(menus, eq(menus.id, rolesMenus.menuId))
    .where(
      and(
        eq(menus.permission, permission),
        eq(users.enabled, true),
        ids === undefined ? undefined : inArray(users.id, ids.length > 0 ? [...ids] : [0]),
      ),
    )
    .orderBy(asc(users.id));
}
