import { buildMenuRoutes, withAncestors } from '@water/contract/menu-build';
import type { Menu, MenuInput, MenuRoute, MenuTreeNode } from '@water/contract/menus';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { menus } from '../../db/schema.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { Principal } from '../../lib/principal.ts';
import {
  allMenus,
  findMenu,
  isTaken,
  type MenuRow,
  menusOfRoles,
  recountChildren,
  subtreeIds,
  toMenuDto,
} from './menus.repository.ts';

const EXTERNAL = /^https?:\/\//;

/** Normalises and checks a menu as sent by a form; throws a 400 naming the field. */
async function checkedValues(app: FastifyInstance, input: MenuInput, id: number | undefined) {
  const pid = input.pid === 0 || input.pid === undefined ? null : input.pid;
  const title = input.title.trim();
  const trimmed = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  const values = {
    pid,
    type: input.type,
    title,
    componentName: trimmed(input.componentName),
    component: trimmed(input.component),
    path: trimmed(input.path),
    icon: trimmed(input.icon),
    iFrame: input.iFrame ?? false,
    cache: input.cache ?? false,
    hidden: input.hidden ?? false,
    permission: trimmed(input.permission),
    menuSort: input.menuSort ?? 999,
  };
  if (!title) throw invalidField('title', 'must not be empty', 'required');
  if (values.type !== 2 && !values.path) throw invalidField('path', 'is required for a directory or a menu');
  if (values.iFrame && !EXTERNAL.test(values.path ?? '')) {
    throw invalidField('path', 'an external link must start with http:// or https://');
  }
  if (values.type === 1 && !values.iFrame && !values.component) {
    throw invalidField('component', 'a menu needs the page it opens');
  }
  if (values.type === 2 && !values.permission) throw invalidField('permission', 'a button needs a permission string');
  if (await isTaken(app.db, 'title', title, id))
    throw invalidField('title', `"${title}" is already used by another menu`, 'taken');
  if (values.componentName && (await isTaken(app.db, 'componentName', values.componentName, id))) {
    throw invalidField('componentName', `"${values.componentName}" is already used by another menu`, 'taken');
  }
  if (pid !== null) {
    const parent = await findMenu(app.db, pid);
    if (!parent) throw invalidField('pid', `no menu with id ${pid}`, 'unknown_reference');
    if (parent.type === 2) throw invalidField('pid', 'a button cannot have children');
  }
  return values;
}

/** After any change: rebuild sidebars and permissions everywhere. */
async function menusChanged(app: FastifyInstance) {
  await app.events.publish('menus', {});
  await app.principals.invalidate();
}

export async function createMenu(app: FastifyInstance, input: MenuInput, actor: string): Promise<void> {
  const values = await checkedValues(app, input, undefined);
  await app.db.transaction(async (tx) => {
    await tx.insert(menus).values({ ...values, createBy: actor, updateBy: actor });
    await recountChildren(tx, [values.pid]);
  });
  await menusChanged(app);
}

export async function updateMenu(app: FastifyInstance, input: MenuInput, actor: string): Promise<void> {
  if (input.id == null) throw invalidField('id', 'is required', 'required');
  const id = input.id;
  const current = await findMenu(app.db, id);
  if (!current) throw notFound(`No menu with id ${id}`);
  const values = await checkedValues(app, input, id);
  if (values.pid !== null) {
    if (values.pid === id) throw invalidField('pid', 'a menu cannot be its own parent');
    if (subtreeIds(await allMenus(app.db), [id]).includes(values.pid)) {
      throw invalidField('pid', 'a menu cannot move under its own descendant');
    }
  }
  await app.db.transaction(async (tx) => {
    await tx
      .update(menus)
      .set({ ...values, updateBy: actor, updateTime: app.clock.now() })
      .where(eq(menus.id, id));
    await recountChildren(tx, [current.pid, values.pid]);
  });
  await menusChanged(app);
}

/** Deletes each menu with all its descendants; role links go with them. */
export async function deleteMenus(app: FastifyInstance, ids: readonly number[]): Promise<void> {
  const all = await allMenus(app.db);
  const known = new Set(all.map((menu) => menu.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw notFound(`No menu with id ${missing.join(', ')}`);
  const doomed = subtreeIds(all, ids);
  const parents = all.filter((menu) => doomed.includes(menu.id)).map((menu) => menu.pid);
  await app.db.transaction(async (tx) => {
    await tx.delete(menus).where(inArray(menus.id, doomed));
    await recountChildren(tx, parents);
  });
  await menusChanged(app);
}

/** Builds trees from rows, children ordered as the rows are. */
export function toTree<T>(rows: readonly MenuRow[], map: (row: MenuRow, children: T[] | undefined) => T): T[] {
  const ids = new Set(rows.map((row) => row.id));
  const build = (pid: number | null): T[] =>
    rows
      .filter((row) => (pid === null ? row.pid === null || !ids.has(row.pid) : row.pid === pid))
      .map((row) => {
        const children = build(row.id);
        return map(row, children.length > 0 ? children : undefined);
      });
  return build(null);
}

export async function menuTree(app: FastifyInstance): Promise<MenuTreeNode[]> {
  return toTree<MenuTreeNode>(await allMenus(app.db), (row, children) => ({
    id: row.id,
    label: row.title,
    ...(children ? { children } : {}),
  }));
}

export type MenuWithChildren = Menu & { children?: MenuWithChildren[] };

/** For the parent picker: the top level, and the siblings of every menu and of its ancestors. */
export async function superiorTree(app: FastifyInstance, ids: readonly number[]): Promise<MenuWithChildren[]> {
  const all = await allMenus(app.db);
  const byId = new Map(all.map((menu) => [menu.id, menu]));
  const wanted = new Set<number | null>([null]);
  for (const id of ids) {
    let menu = byId.get(id);
    if (!menu) throw notFound(`No menu with id ${id}`);
    while (menu) {
      wanted.add(menu.pid);
      menu = menu.pid === null ? undefined : byId.get(menu.pid);
    }
  }
  const rows = all.filter((menu) => wanted.has(menu.pid));
  return toTree<MenuWithChildren>(rows, (row, children) => ({ ...toMenuDto(row), ...(children ? { children } : {}) }));
}

/**
 * The router tree of a user, kept per set of roles until a menu or a role's menus change. An
 * administrator sees every menu.
 */
export class MenuBuildCache {
  readonly #cache = new Map<string, Promise<MenuRoute[]>>();

  constructor(private readonly app: FastifyInstance) {
    app.events.on('menus', () => this.#cache.clear());
  }

  get(principal: Principal): Promise<MenuRoute[]> {
    const key = principal.isAdmin ? 'admin' : principal.roleIds.join(',');
    let entry = this.#cache.get(key);
    if (!entry) {
      entry = this.#build(principal);
      entry.catch(() => this.#cache.delete(key));
      this.#cache.set(key, entry);
    }
    return entry;
  }

  async #build(principal: Principal): Promise<MenuRoute[]> {
    const all = await allMenus(this.app.db);
    const granted = principal.isAdmin ? all : await menusOfRoles(this.app.db, principal.roleIds);
    return buildMenuRoutes(withAncestors(granted, all));
  }
}
