import type { BuildableMenu } from '@water/contract/menu-build';
import type { Menu } from '@water/contract/menus';
import { asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { menus, rolesMenus } from '../../db/schema.ts';
import { containsText } from '../../lib/list-query.ts';
import { formatDateTime } from '../../lib/time.ts';
import { recountChildren } from '../../lib/tree.ts';
import { valueTaken } from '../../lib/unique-value.ts';

export type MenuRow = typeof menus.$inferSelect;
type NewMenu = typeof menus.$inferInsert;

export const menuSortable = {
  id: menus.id,
  menuSort: menus.menuSort,
  title: menus.title,
  createTime: menus.createTime,
};
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

/** A buildable menu as the database writes it: its fields in `BuildableMenu`'s order. */
type BuildableRow = [
  id: number,
  pid: number | null,
  type: number,
  title: string,
  componentName: string | null,
  component: string | null,
  path: string | null,
  icon: string | null,
  iFrame: boolean,
  cache: boolean,
  hidden: boolean,
  menuSort: number,
];

export const menusRepository = {
  all: (db: Database) =>
    db
      .select()
      .from(menus)
      .orderBy(...menuOrder),

  /** Menus matching a search (title, page or permission), or the children of `pid` (null: the top level). */
  where: (db: Database, condition: { blurry?: string; pid: number | null }, orderBy: SQL[]) =>
    db
      .select()
      .from(menus)
      .where(
        containsText([menus.title, menus.component, menus.permission], condition.blurry) ??
          (condition.pid === null ? isNull(menus.pid) : eq(menus.pid, condition.pid)),
      )
      .orderBy(...orderBy),

  byId: async (db: Database, id: number): Promise<MenuRow | undefined> =>
    (await db.select().from(menus).where(eq(menus.id, id)))[0],

  /**
   * The menus the router tree is made of (not buttons), with the roles' menus only when `roleIds`
   * are given. Read as one JSON document of one array per menu rather than row by row: a sidebar
   * of thousands of menus reads several times faster so, and an array without the field names
   * is a third of the text to build and to parse.
   */
  buildable: async (db: Database, roleIds?: readonly number[]): Promise<BuildableMenu[]> => {
    if (roleIds?.length === 0) return [];
    const granted = roleIds
      ? sql` AND ${menus.id} IN (SELECT ${rolesMenus.menuId} FROM ${rolesMenus} WHERE ${inArray(rolesMenus.roleId, [...roleIds])})`
      : sql``;
    const result = (await db.execute(sql`
      SELECT coalesce(json_agg(json_build_array(
        ${menus.id}, ${menus.pid}, ${menus.type}, ${menus.title}, ${menus.componentName}, ${menus.component},
        ${menus.path}, ${menus.icon}, ${menus.iFrame}, ${menus.cache}, ${menus.hidden}, ${menus.menuSort})), '[]')::text AS menus
      FROM ${menus} WHERE ${menus.type} <> 2${granted}`)) as unknown as { rows: { menus: string }[] };
    const rows = JSON.parse(result.rows[0]?.menus ?? '[]') as BuildableRow[];
    return rows.map(
      ([id, pid, type, title, componentName, component, path, icon, iFrame, cache, hidden, menuSort]) => ({
        id,
        pid,
        type,
        title,
        componentName,
        component,
        path,
        icon,
        iFrame,
        cache,
        hidden,
        menuSort,
      }),
    );
  },

  taken: (db: Database, column: 'title' | 'componentName', value: string, exceptId?: number) =>
    valueTaken(db, menus, column === 'title' ? menus.title : menus.componentName, value, exceptId),

  insert: (db: Database, values: NewMenu) =>
    db.transaction(async (tx) => {
      await tx.insert(menus).values(values);
      await recountChildren(tx as unknown as Database, menus, [values.pid ?? null]);
    }),

  update: (db: Database, id: number, values: Partial<NewMenu>, parents: (number | null)[]) =>
    db.transaction(async (tx) => {
      await tx.update(menus).set(values).where(eq(menus.id, id));
      await recountChildren(tx as unknown as Database, menus, parents);
    }),

  /** Deletes menus (role links go with them through the foreign key). */
  delete: (db: Database, ids: readonly number[], parents: (number | null)[]) =>
    db.transaction(async (tx) => {
      await tx.delete(menus).where(inArray(menus.id, [...ids]));
      await recountChildren(tx as unknown as Database, menus, parents);
    }),
};
