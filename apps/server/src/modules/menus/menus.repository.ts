import type { BuildableMenu } from '@water/contract/menu-build';
import { Menu } from '@water/contract/menus';
import { asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { columnsOf, containsText } from '../../lib/list-query.ts';
import { recountChildren } from '../../lib/tree.ts';
import { valueTaken } from '../../lib/unique-value.ts';
import { wireOf } from '../../lib/wire.ts';
import { rolesMenus } from '../roles/roles.read-model.ts';
import { menus } from './menus.schema.ts';

export type MenuRow = typeof menus.$inferSelect;
type NewMenu = typeof menus.$inferInsert;

export const menuSortable = columnsOf(menus, ['id', 'menuSort', 'title', 'createTime']);
export const menuOrder = [asc(menus.menuSort), asc(menus.id)];

export const toMenuDto = (row: MenuRow): Menu =>
  wireOf(Menu, { ...row, hasChildren: row.subCount > 0, leaf: row.subCount === 0, label: row.title });

/** The fields of a buildable menu, in the order the database writes each menu's array. */
const BUILDABLE_FIELDS = [
  'id',
  'pid',
  'type',
  'title',
  'componentName',
  'component',
  'path',
  'icon',
  'iFrame',
  'cache',
  'hidden',
  'menuSort',
] as const satisfies readonly (keyof BuildableMenu & keyof typeof menus)[];

/** A menu's array back into its fields. */
function buildableMenu(values: readonly unknown[]): BuildableMenu {
  const menu: Record<string, unknown> = {};
  BUILDABLE_FIELDS.forEach((field, index) => {
    menu[field] = values[index];
  });
  return menu as unknown as BuildableMenu;
}

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
    const columns = sql.join(
      BUILDABLE_FIELDS.map((field) => menus[field]),
      sql`, `,
    );
    const result = (await db.execute(sql`
      SELECT coalesce(json_agg(json_build_array(${columns})), '[]')::text AS menus
      FROM ${menus} WHERE ${menus.type} <> 2${granted}`)) as unknown as { rows: { menus: string }[] };
    return (JSON.parse(result.rows[0]?.menus ?? '[]') as unknown[][]).map(buildableMenu);
  },

  taken: (db: Database, column: 'title' | 'componentName', value: string, exceptId?: number) =>
    valueTaken(db, menus, column === 'title' ? menus.title : menus.componentName, value, exceptId),

  insert: async (tx: Database, values: NewMenu) => {
    await tx.insert(menus).values(values);
    await recountChildren(tx, menus, [values.pid ?? null]);
  },

  /** Updates (and maybe moves) a menu; false when it is gone (deleted meanwhile), changing nothing. */
  update: async (tx: Database, id: number, values: Partial<NewMenu>, parents: (number | null)[]) => {
    const updated = await tx.update(menus).set(values).where(eq(menus.id, id)).returning({ id: menus.id });
    if (updated.length === 0) return false;
    await recountChildren(tx, menus, parents);
    return true;
  },

  /** Deletes menus (role links go with them through the foreign key). */
  delete: async (tx: Database, ids: readonly number[], parents: (number | null)[]) => {
    await tx.delete(menus).where(inArray(menus.id, [...ids]));
    await recountChildren(tx, menus, parents);
  },
};
