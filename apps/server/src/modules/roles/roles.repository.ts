import { Role, type RoleFilter } from '@water/contract/roles';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Database } from '../../db/client.ts';
import { between, columnsOf, containsText, type Paging, selectPage } from '../../lib/list-query.ts';
import { descendantsOf } from '../../lib/tree.ts';
import { valueTaken } from '../../lib/unique-value.ts';
import { wireOf } from '../../lib/wire.ts';
import { depts } from '../depts/depts.read-model.ts';
import { menus } from '../menus/menus.read-model.ts';
import { usersRoles } from '../users/users.read-model.ts';
import { roles, rolesDepts, rolesMenus } from './roles.schema.ts';

export type RoleRow = typeof roles.$inferSelect;
export type NewRole = typeof roles.$inferInsert;

export const roleSortable = columnsOf(roles, ['id', 'name', 'level', 'dataScope', 'createTime', 'updateTime']);
export const roleOrder = [asc(roles.level), asc(roles.id)];

const matching = (filter: Static<typeof RoleFilter>) =>
  and(
    containsText([roles.name, roles.description], filter.blurry, { seeded: true }),
    between(roles.createTime, filter.createTime),
  );

async function setLinks(db: Database, roleId: number, deptIds: number[], menuIds: number[] | undefined) {
  await db.delete(rolesDepts).where(eq(rolesDepts.roleId, roleId));
  if (deptIds.length > 0) await db.insert(rolesDepts).values(deptIds.map((deptId) => ({ roleId, deptId })));
  if (menuIds === undefined) return;
  await db.delete(rolesMenus).where(eq(rolesMenus.roleId, roleId));
  if (menuIds.length > 0) await db.insert(rolesMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
}

export const rolesRepository = {
  /** A department and every department below it. */
  deptSubtree: (db: Database, deptId: number) => descendantsOf(db, depts, [deptId]),

  page: (db: Database, filter: Static<typeof RoleFilter>, paging: Paging) =>
    selectPage(db, roles, matching(filter), paging),

  byId: async (db: Database, id: number): Promise<RoleRow | undefined> =>
    (await db.select().from(roles).where(eq(roles.id, id)))[0],

  byIds: (db: Database, ids: readonly number[]) =>
    db
      .select()
      .from(roles)
      .where(inArray(roles.id, [...ids])),

  nameTaken: (db: Database, name: string, exceptId?: number) => valueTaken(db, roles, roles.name, name, exceptId),

  /** The ids among those named that have no department (or menu). */
  async missing(db: Database, kind: 'depts' | 'menus', ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const table = kind === 'depts' ? depts : menus;
    const found = await db
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, [...ids]));
    return ids.filter((id) => !found.some((row) => row.id === id));
  },

  /** The menus (id and title) that any of the roles grants. */
  menusOfRoles: (db: Database, roleIds: readonly number[]) =>
    roleIds.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinct({ id: menus.id, title: menus.title })
          .from(rolesMenus)
          .innerJoin(menus, eq(menus.id, rolesMenus.menuId))
          .where(inArray(rolesMenus.roleId, [...roleIds])),

  /** The menus (id and title) among those named. */
  menuTitles: (db: Database, ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: menus.id, title: menus.title })
          .from(menus)
          .where(inArray(menus.id, [...ids])),

  /** How many users hold each of the roles (only roles somebody holds). */
  holders: (db: Database, ids: readonly number[]) =>
    db
      .select({ roleId: usersRoles.roleId, n: count() })
      .from(usersRoles)
      .where(inArray(usersRoles.roleId, [...ids]))
      .groupBy(usersRoles.roleId),

  insert: async (tx: Database, values: NewRole, deptIds: number[], menuIds: number[]) => {
    const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
    await setLinks(tx, row!.id, deptIds, menuIds);
    return row!.id;
  },

  /** Updates a role and replaces its links; false when the role is gone (deleted meanwhile), changing nothing. */
  update: async (
    tx: Database,
    id: number,
    values: Partial<NewRole>,
    deptIds: number[],
    menuIds: number[] | undefined,
  ) => {
    const updated = await tx.update(roles).set(values).where(eq(roles.id, id)).returning({ id: roles.id });
    if (updated.length === 0) return false;
    await setLinks(tx, id, deptIds, menuIds);
    return true;
  },

  /** Replaces a role's menus; false when the role is gone (deleted meanwhile), changing nothing. */
  setMenus: async (tx: Database, id: number, menuIds: number[]) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
    if (!role) return false;
    await tx.delete(rolesMenus).where(eq(rolesMenus.roleId, id));
    if (menuIds.length > 0) await tx.insert(rolesMenus).values(menuIds.map((menuId) => ({ roleId: id, menuId })));
    return true;
  },

  delete: (db: Database, ids: readonly number[]) => db.delete(roles).where(inArray(roles.id, [...ids])),

  /** The wire form of roles with their departments and menus, in the order given. */
  async toDtos(db: Database, rows: RoleRow[]): Promise<Role[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const deptLinks = await db
      .select({ roleId: rolesDepts.roleId, id: depts.id, name: depts.name })
      .from(rolesDepts)
      .innerJoin(depts, eq(depts.id, rolesDepts.deptId))
      .where(inArray(rolesDepts.roleId, ids))
      .orderBy(asc(depts.deptSort), asc(depts.id));
    const menuLinks = await db
      .select({ roleId: rolesMenus.roleId, id: menus.id, title: menus.title })
      .from(rolesMenus)
      .innerJoin(menus, eq(menus.id, rolesMenus.menuId))
      .where(inArray(rolesMenus.roleId, ids))
      .orderBy(asc(menus.id));
    return rows.map((row) => {
      const roleDepts = deptLinks.filter((link) => link.roleId === row.id).map(({ id, name }) => ({ id, name }));
      return wireOf(Role, {
        ...row,
        depts: roleDepts,
        deptNames: roleDepts.map((dept) => dept.name).join(', '),
        menus: menuLinks.filter((link) => link.roleId === row.id).map(({ id, title }) => ({ id, title })),
      });
    });
  },
};
