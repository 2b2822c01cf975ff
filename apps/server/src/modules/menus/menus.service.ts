import type { PageOf, PageQuery } from '@water/contract/common';
import { ADMIN_PERMISSION } from '@water/contract/constants';
import { buildMenuRoutes, withAncestors } from '@water/contract/menu-build';
import { MENU_COLUMNS, type Menu, type MenuInput, type MenuRoute, type MenuTreeNode } from '@water/contract/menus';
import { PERMISSION_PATTERN } from '@water/contract/permissions';
import { seededNameIn } from '@water/contract/seeded-names';
import { isExternalLink } from '@water/contract/validators';
import { isAdministrator, type Principal } from '../../domain/principal.ts';
import { InvalidatingCache } from '../../lib/cache.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  emptyField,
  forbiddenField,
  invalidField,
  noSuch,
  notFound,
  takenBy,
  unknownRecord,
} from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import { ReadyAnswer } from '../../lib/ready-answer.ts';
import type { Language } from '../../lib/texts.ts';
import { nest, subtreeIds, superiorRows } from '../../lib/tree.ts';
import { type MenuRow, menuOrder, menuSortable, menusRepository as repo, toMenuDto } from './menus.repository.ts';

export type MenuWithChildren = Menu & { children?: MenuWithChildren[] };
export type MenusService = ReturnType<typeof createMenusService>;

/**
 * Menus: the tree staff administer, and the sidebar each user gets, built once per set of roles
 * and kept until a menu or a role's menus change on any instance.
 */
export function createMenusService({
  db,
  clock,
  events,
  principals,
}: Pick<Deps, 'db' | 'clock' | 'events' | 'principals'>) {
  const builds = new InvalidatingCache<string, ReadyAnswer>().clearOn(events, 'menus');

  /** After any change: rebuild sidebars and permissions everywhere. */
  async function menusChanged() {
    await events.publish('menus', {});
    await principals.invalidate();
  }

  /** Normalises and checks a menu as sent by a form; throws a 400 naming the field. */
  async function checkedValues(input: MenuInput, id: number | undefined) {
    const pid = input.pid === 0 || input.pid == null ? null : input.pid;
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
    if (!title) throw emptyField('title');
    if (values.type !== 2 && !values.path) throw invalidField('path', { key: 'errors.menus.pathRequired' }, 'required');
    if (values.iFrame && !isExternalLink(values.path ?? '')) {
      throw invalidField('path', { key: 'errors.menus.externalLink' }, 'format');
    }
    if (values.type === 1 && !values.iFrame && !values.component) {
      throw invalidField('component', { key: 'errors.menus.pageRequired' }, 'required');
    }
    if (values.type === 2 && !values.permission) {
      throw invalidField('permission', { key: 'errors.menus.permissionRequired' }, 'required');
    }
    if (await repo.taken(db, 'title', title, id)) {
      throw invalidField('title', takenBy('menu', title), 'taken', { value: title });
    }
    if (values.componentName && (await repo.taken(db, 'componentName', values.componentName, id))) {
      throw invalidField('componentName', takenBy('menu', values.componentName), 'taken', {
        value: values.componentName,
      });
    }
    if (pid !== null) {
      const parent = await repo.byId(db, pid);
      if (!parent) throw invalidField('pid', unknownRecord('menu', pid), 'unknown_reference');
      if (parent.type === 2) throw invalidField('pid', { key: 'errors.menus.buttonNoChildren' });
    }
    return values;
  }

  /**
   * A menu's permission string is granted to every role holding the menu, so a caller other than
   * an administrator sets only a `module:action` string it holds itself (never `admin`).
   */
  function assertPermissionGrantable(principal: Principal, permission: string | null, before: string | null) {
    if (permission === null || permission === before || isAdministrator(principal)) return;
    if (permission === ADMIN_PERMISSION || !PERMISSION_PATTERN.test(permission)) {
      throw forbiddenField('permission', { key: 'errors.menus.adminPermission', values: { permission } });
    }
    if (!principal.permissions.has(permission)) {
      throw forbiddenField('permission', { key: 'errors.menus.permissionNotHeld', values: { permission } });
    }
  }

  async function build(principal: Principal): Promise<MenuRoute[]> {
    const all = await repo.buildable(db);
    const granted = principal.isAdmin ? all : await repo.buildable(db, principal.roleIds);
    return buildMenuRoutes(withAncestors(granted, all));
  }

  /** Users with the same roles see the same menus. */
  const buildKey = (principal: Principal) => (principal.isAdmin ? 'admin' : principal.roleIds.join(','));

  return {
    /** The router tree of a user, ready to send; an administrator sees every menu. */
    routes(principal: Principal): Promise<ReadyAnswer> {
      return builds.get(buildKey(principal), async () => new ReadyAnswer(await build(principal)));
    },

    /** `routes`, if it is in memory. */
    routesInMemory(principal: Principal): ReadyAnswer | undefined {
      return builds.peek(buildKey(principal));
    },

    async tree(): Promise<MenuTreeNode[]> {
      return nest<MenuRow, MenuTreeNode>(await repo.all(db), (row, children) => ({
        id: row.id,
        label: row.title,
        ...(children ? { children } : {}),
      }));
    },

    /** The top level, the children of `pid`, or every match of `blurry`; tree tables need whole levels, so no paging. */
    async list(_principal: Principal, query: PageQuery & { pid?: number; blurry?: string }): Promise<PageOf<Menu>> {
      const { orderBy } = toPaging({ sort: query.sort }, menuSortable, menuOrder);
      const rows = await repo.where(db, { blurry: query.blurry, pid: query.pid || null }, orderBy);
      return { content: rows.map(toMenuDto), totalElements: rows.length };
    },

    async children(pid: number | undefined): Promise<Menu[]> {
      return (await repo.where(db, { pid: pid || null }, menuOrder)).map(toMenuDto);
    },

    /** Ids of a menu and all its descendants (none for an unknown menu). */
    async subtree(id: number): Promise<number[]> {
      const all = await repo.all(db);
      return all.some((menu) => menu.id === id) ? subtreeIds(all, [id]).sort((a, b) => a - b) : [];
    },

    /** For the parent picker: the top level, and the siblings of every menu and of its ancestors. */
    async superior(ids: readonly number[]): Promise<MenuWithChildren[]> {
      const chosen = superiorRows(await repo.all(db), ids);
      if ('missing' in chosen) throw notFound(noSuch('menu', chosen.missing));
      return nest<MenuRow, MenuWithChildren>(chosen, (row, children) => ({
        ...toMenuDto(row),
        ...(children ? { children } : {}),
      }));
    },

    /** Every menu as a file: the seeded titles in the language asked for, as the console shows them. */
    async exportSheet(_principal: Principal, _filter: unknown, language: Language = 'en'): Promise<ListSheet<Menu>> {
      const rows = (await repo.all(db)).map(toMenuDto);
      return {
        name: 'menus',
        columns: MENU_COLUMNS,
        rows: rows.map((menu) => ({ ...menu, title: seededNameIn(language, menu.title, 'menuTitle') })),
      };
    },

    async create(principal: Principal, input: MenuInput): Promise<void> {
      if (input.id != null) throw invalidField('id', { key: 'errors.menus.idOnCreate' });
      const values = await checkedValues(input, undefined);
      assertPermissionGrantable(principal, values.permission, null);
      await db.transaction((tx) =>
        repo.insert(tx, { ...values, createBy: principal.username, updateBy: principal.username }),
      );
      await menusChanged();
    },

    async update(principal: Principal, input: MenuInput): Promise<void> {
      if (input.id == null) throw invalidField('id', { key: 'errors.required' }, 'required');
      const id = input.id;
      const current = await repo.byId(db, id);
      if (!current) throw notFound(noSuch('menu', id));
      const values = await checkedValues(input, id);
      assertPermissionGrantable(principal, values.permission, current.permission);
      if (values.pid !== null) {
        if (values.pid === id) throw invalidField('pid', { key: 'errors.menus.ownParent' });
        if (subtreeIds(await repo.all(db), [id]).includes(values.pid)) {
          throw invalidField('pid', { key: 'errors.menus.underDescendant' });
        }
      }
      const updated = await db.transaction((tx) =>
        repo.update(tx, id, { ...values, updateBy: principal.username, updateTime: clock.now() }, [
          current.pid,
          values.pid,
        ]),
      );
      if (!updated) throw notFound(noSuch('menu', id));
      await menusChanged();
    },

    /** Deletes each menu with all its descendants. */
    async remove(_principal: Principal, ids: number[]): Promise<void> {
      const all = await repo.all(db);
      const known = new Set(all.map((menu) => menu.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length > 0) throw notFound(noSuch('menu', missing.join(', ')));
      const doomed = subtreeIds(all, ids);
      const parents = all.filter((menu) => doomed.includes(menu.id)).map((menu) => menu.pid);
      await db.transaction((tx) => repo.delete(tx, doomed, parents));
      await menusChanged();
    },
  };
}
