import type { Menu } from '@water/contract/menus';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { menus, rolesMenus } from '../../db/schema.ts';
import { formatDateTime } from '../../lib/time.ts';

export type MenuRow = typeof menus.$inferSelect;

export const menuOrder = [asc(menus.menuSort), asc(menus.id)];

export function toMenuDto(row: MenuRow): Menu {
  return {
    id: row.id,
    pid: row.pid,
    subCount: row.subCount,
    type: row.type as Menu['type'],
    title: row.title,
    componentName: row.componentName,
    component: row.component,
    path: row.path,
    icon: row.icon,
    iFrame: row.iFrame,
    cache: row.cache,
    hidden: row.hidden,
    permission: row.permission,
    menuSort: row.menuSort,
    createBy: row.createBy,
    updateBy: row.updateBy,
    createTime: formatDateTime(row.createTime),
    updateTime: formatDateTime(row.updateTime),
    hasChildren: row.subCount > 0,
    leaf: row.subCount === 0,
    label: row.title,
  };
}

export function allMenus(db: Database): Promise<MenuRow[]> {
  return db
    .select()
    .from(menus)
    .orderBy(...menuOrder);
}

export function childrenOf(db: Database, pid: number | null): Promise<MenuRow[]> {
  return db
    .select()
    .from(menus)
    .where(pid === null ? isNull(menus.pid) : eq(menus.pid, pid))
    .orderBy(...menuOrder);
}

export async function findMenu(db: Database, id: number): Promise<MenuRow | undefined> {
  const [row] = await db.select().from(menus).where(eq(menus.id, id));
  return row;
}

/** Menus granted to any of the roles, buttons included. */
export function menusOfRoles(db: Database, roleIds: readonly number[]): Promise<MenuRow[]> {
  if (roleIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ menu: menus })
    .from(rolesMenus)
    .innerJoin(menus, eq(menus.id, rolesMenus.menuId))
    .where(inArray(rolesMenus.roleId, [...roleIds]))
    .then((rows) => rows.map((row) => row.menu));
}

/** The id and every descendant id of each menu named. */
export function subtreeIds(all: readonly Pick<MenuRow, 'id' | 'pid'>[], roots: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  for (const menu of all) {
    if (menu.pid !== null) children.set(menu.pid, [...(children.get(menu.pid) ?? []), menu.id]);
  }
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...seen];
}

/** Recounts the children of the menus named (after a create, move or delete). */
export async function recountChildren(db: Database, ids: readonly (number | null)[]): Promise<void> {
  const targets = [...new Set(ids.filter((id): id is number => id !== null))];
  if (targets.length === 0) return;
  await db
    .update(menus)
    .set({ subCount: sql`(SELECT count(*)::int FROM sys_menu AS child WHERE child.pid = ${menus.id})` })
    .where(inArray(menus.id, targets));
}

/** Whether another menu than `exceptId` already uses this value in that column. */
export async function isTaken(
  db: Database,
  column: 'title' | 'componentName',
  value: string,
  exceptId: number | undefined,
): Promise<boolean> {
  const target = column === 'title' ? menus.title : menus.componentName;
  const [row] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(exceptId === undefined ? eq(target, value) : and(eq(target, value), ne(menus.id, exceptId)));
  return row !== undefined;
}
