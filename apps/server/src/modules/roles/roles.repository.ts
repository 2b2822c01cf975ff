import type { Role } from '@water/contract/roles';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { depts, menus, roles, rolesDepts, rolesMenus } from '../../db/schema.ts';
import { invalidField } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';

export type RoleRow = typeof roles.$inferSelect;

export const roleSortable = {
  id: roles.id,
  name: roles.name,
  level: roles.level,
  dataScope: roles.dataScope,
  createTime: roles.createTime,
  updateTime: roles.updateTime,
};
export const roleOrder = [asc(roles.level), asc(roles.id)];

/** The wire form of roles with their departments and menus, in the order given. */
export async function toRoleDtos(db: Database, rows: RoleRow[]): Promise<Role[]> {
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
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    level: row.level,
    description: row.description,
    dataScope: row.dataScope,
    depts: deptLinks.filter((link) => link.roleId === row.id).map(({ id, name }) => ({ id, name })),
    menus: menuLinks.filter((link) => link.roleId === row.id).map(({ id, title }) => ({ id, title })),
    createBy: row.createBy,
    updateBy: row.updateBy,
    createTime: formatDateTime(row.createTime),
    updateTime: formatDateTime(row.updateTime),
  }));
}

export async function findRole(db: Database, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function isNameTaken(db: Database, name: string, exceptId?: number): Promise<boolean> {
  const same = eq(roles.name, name);
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(exceptId === undefined ? same : and(same, ne(roles.id, exceptId)));
  return row !== undefined;
}

/** Throws a 400 naming the field when one of the ids has no row. */
export async function assertAllExist(db: Database, field: 'depts' | 'menus', ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const table = field === 'depts' ? depts : menus;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const missing = ids.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) {
    throw invalidField(
      field,
      `no ${field === 'depts' ? 'department' : 'menu'} with id ${missing}`,
      'unknown_reference',
    );
  }
}

export async function setRoleDepts(db: Database, roleId: number, deptIds: number[]): Promise<void> {
  await db.delete(rolesDepts).where(eq(rolesDepts.roleId, roleId));
  if (deptIds.length > 0) await db.insert(rolesDepts).values(deptIds.map((deptId) => ({ roleId, deptId })));
}

export async function setRoleMenus(db: Database, roleId: number, menuIds: number[]): Promise<void> {
  await db.delete(rolesMenus).where(eq(rolesMenus.roleId, roleId));
  if (menuIds.length > 0) await db.insert(rolesMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
}
