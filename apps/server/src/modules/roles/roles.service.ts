import {
  DATA_SCOPE_ALL,
  DATA_SCOPE_CUSTOM,
  DATA_SCOPE_SUBTREE,
  ROLE_COLUMNS,
  type Role,
  type RoleCreateInput,
  type RoleMenusInput,
  type RoleQuery,
  type RoleUpdateInput,
} from '@water/contract/roles';
import { isAdministrator, type Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  badRequest,
  emptyField,
  forbidden,
  forbiddenField,
  invalidField,
  noSuch,
  notFound,
  takenBy,
  unknownRecord,
} from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { quotedNames } from '../../lib/texts.ts';
import { type RoleRow, rolesRepository as repo, roleOrder, roleSortable } from './roles.repository.ts';

const uniqueIds = (refs: { id: number }[] | null | undefined) =>
  refs == null ? undefined : [...new Set(refs.map((ref) => ref.id))].sort((a, b) => a - b);

const nameTaken = (name: string) => invalidField('name', takenBy('role', name), 'taken', { value: name });

/** What may be done to a role, under the same rule: its text key under `errors.roles.actions`. */
type RoleAction = 'edit' | 'changeMenus' | 'delete';

/**
 * Only an administrator changes a role it holds itself or a role ranked at or above its own
 * level: anybody else could otherwise widen its own rights.
 */
function assertReachable(principal: Principal, role: RoleRow, action: RoleAction) {
  if (isAdministrator(principal)) return;
  const named = { action: { key: `errors.roles.actions.${action}` }, name: { name: role.name } };
  if (principal.roleIds.includes(role.id)) {
    throw forbidden({ key: 'errors.roles.holdYourself', values: named });
  }
  if (role.level <= principal.level) {
    throw forbidden({
      key: 'errors.roles.levelNotBelow',
      values: { ...named, level: role.level, own: principal.level },
    });
  }
}

/** Ids in ascending order, as the record of changes compares them. */
const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

export type RolesService = ReturnType<typeof createRolesService>;

/**
 * Roles: a caller can neither rank a role above itself nor widen a data scope beyond its own;
 * a role somebody holds cannot be deleted.
 */
export function createRolesService({
  db,
  clock,
  events,
  principals,
  audit,
}: Pick<Deps, 'db' | 'clock' | 'events' | 'principals' | 'audit'>) {
  async function assertAllExist(field: 'depts' | 'menus', ids: number[]) {
    const [missing] = await repo.missing(db, field, ids);
    if (missing !== undefined) {
      throw invalidField(field, unknownRecord(field === 'depts' ? 'department' : 'menu', missing), 'unknown_reference');
    }
  }

  async function checkedForm(principal: Principal, input: RoleCreateInput | RoleUpdateInput, id?: number) {
    const name = input.name.trim();
    if (!name) throw emptyField('name');
    if (await repo.nameTaken(db, name, id)) throw nameTaken(name);
    if (!isAdministrator(principal) && input.level <= principal.level) {
      throw forbiddenField('level', {
        key: 'errors.roles.levelBelowOwn',
        values: { own: principal.level, next: principal.level + 1 },
      });
    }
    const custom = input.dataScope === DATA_SCOPE_CUSTOM;
    const deptIds = custom ? (uniqueIds(input.depts) ?? []) : [];
    if (custom && deptIds.length === 0) {
      throw invalidField('depts', { key: 'errors.roles.customScopeNeedsDepts' }, 'required');
    }
    await assertAllExist('depts', deptIds);
    if (principal.scope !== null) {
      const outside = deptIds.find((deptId) => !principal.scope?.has(deptId));
      // "Own department and below" reaches no further than the granter's own subtree, if its scope covers that.
      const subtreeBeyond =
        input.dataScope === DATA_SCOPE_SUBTREE &&
        (principal.deptId === null ||
          (await repo.deptSubtree(db, principal.deptId)).some((deptId) => !principal.scope?.has(deptId)));
      if (input.dataScope === DATA_SCOPE_ALL || outside !== undefined || subtreeBeyond) {
        throw forbiddenField('dataScope', { key: 'errors.roles.widerScope' });
      }
    }
    const menuIds = uniqueIds(input.menus);
    if (menuIds) {
      await assertAllExist('menus', menuIds);
      await assertGrantable(principal, menuIds, id === undefined ? [] : await currentMenuIds(id));
    }
    return { name, deptIds, menuIds };
  }

  const currentMenuIds = async (roleId: number) => (await repo.menusOfRoles(db, [roleId])).map((menu) => menu.id);

  /** A caller other than an administrator adds to a role only menus its own roles grant it. */
  async function assertGrantable(principal: Principal, menuIds: number[], before: number[]) {
    if (isAdministrator(principal)) return;
    const held = new Set((await repo.menusOfRoles(db, principal.roleIds)).map((menu) => menu.id));
    const added = menuIds.filter((menuId) => !before.includes(menuId) && !held.has(menuId));
    if (added.length === 0) return;
    const titles = (await repo.menuTitles(db, added)).map((menu) => menu.title);
    throw forbiddenField('menus', {
      key: 'errors.roles.menusNotHeld',
      values: { titles: quotedNames(titles, 'menuTitle') },
    });
  }

  const refuseDuplicate = (name: string) => (error: unknown) => {
    throw isUniqueViolation(error) ? nameTaken(name) : error;
  };

  /** Permissions and sidebars are cached per user and per set of roles: drop them everywhere. */
  async function grantsChanged(): Promise<void> {
    await principals.invalidate();
    await events.publish('menus', {});
  }

  async function reachableRole(principal: Principal, id: number, action: RoleAction): Promise<RoleRow> {
    const role = await repo.byId(db, id);
    if (!role) throw notFound(noSuch('role', id));
    assertReachable(principal, role, action);
    return role;
  }

  return {
    ...declaredList<Principal, RoleQuery, RoleRow, Role>({
      name: 'roles',
      columns: ROLE_COLUMNS,
      sortable: roleSortable,
      order: roleOrder,
      read: (_principal, filter, paging) => repo.page(db, filter, paging),
      answer: (_principal, rows) => repo.toDtos(db, rows),
    }),

    /** Every role, best level first (for the user form). */
    async all(): Promise<Role[]> {
      return repo.toDtos(db, (await repo.page(db, {}, toPaging({}, roleSortable, roleOrder))).content);
    },

    async one(id: number): Promise<Role> {
      const row = await repo.byId(db, id);
      if (!row) throw notFound(noSuch('role', id));
      const [role] = await repo.toDtos(db, [row]);
      return role as Role;
    },

    async create(principal: Principal, input: RoleCreateInput): Promise<void> {
      const form = await checkedForm(principal, input);
      const now = clock.now();
      const role = {
        name: form.name,
        level: input.level,
        description: input.description?.trim() || null,
        dataScope: input.dataScope,
      };
      await db
        .transaction(async (tx) => {
          const by = { createBy: principal.username, updateBy: principal.username, createTime: now, updateTime: now };
          const id = await repo.insert(tx, { ...role, ...by }, form.deptIds, form.menuIds ?? []);
          const after = { ...role, deptIds: form.deptIds, menuIds: form.menuIds ?? [] };
          await audit.record(tx, { recordType: 'role', recordId: id, action: 'create', after });
        })
        .catch(refuseDuplicate(form.name));
    },

    async update(principal: Principal, input: RoleUpdateInput): Promise<void> {
      const role = await reachableRole(principal, input.id, 'edit');
      const form = await checkedForm(principal, input, role.id);
      const values = {
        name: form.name,
        level: input.level,
        ...(input.description === undefined ? {} : { description: input.description?.trim() || null }),
        dataScope: input.dataScope,
      };
      const menus = form.menuIds && {
        before: ascending(await currentMenuIds(role.id)),
        after: ascending(form.menuIds),
      };
      const updated = await db
        .transaction(async (tx) => {
          const by = { updateBy: principal.username, updateTime: clock.now() };
          if (!(await repo.update(tx, role.id, { ...values, ...by }, form.deptIds, form.menuIds))) return false;
          const [before, after] = [
            { ...role, menuIds: menus?.before },
            { ...values, menuIds: menus?.after },
          ];
          await audit.record(tx, {
            recordType: 'role',
            recordId: role.id,
            action: 'update',
            before,
            after,
            keys: ['name'],
          });
          return true;
        })
        .catch(refuseDuplicate(form.name));
      if (!updated) throw notFound(noSuch('role', role.id));
      await grantsChanged();
    },

    async updateMenus(principal: Principal, input: RoleMenusInput): Promise<void> {
      const role = await reachableRole(principal, input.id, 'changeMenus');
      const menuIds = uniqueIds(input.menus) ?? [];
      await assertAllExist('menus', menuIds);
      const held = await currentMenuIds(role.id);
      await assertGrantable(principal, menuIds, held);
      const [before, after] = [
        { name: role.name, menuIds: held },
        { name: role.name, menuIds },
      ];
      const changed = await db.transaction(async (tx) => {
        if (!(await repo.setMenus(tx, role.id, menuIds))) return false;
        await audit.record(tx, {
          recordType: 'role',
          recordId: role.id,
          action: 'menus',
          before,
          after,
          keys: ['name'],
        });
        return true;
      });
      if (!changed) throw notFound(noSuch('role', role.id));
      await grantsChanged();
    },

    /** Deletes roles that nobody holds. */
    async remove(principal: Principal, ids: number[]): Promise<void> {
      const wanted = [...new Set(ids)];
      const rows = await repo.byIds(db, wanted);
      const missing = wanted.filter((id) => !rows.some((row) => row.id === id));
      if (missing.length > 0) throw notFound(noSuch('role', missing.join(', ')));
      for (const row of rows) assertReachable(principal, row, 'delete');
      for (const held of await repo.holders(db, wanted)) {
        const name = rows.find((row) => row.id === held.roleId)?.name ?? '';
        throw badRequest({ key: 'errors.roles.held', values: { name: { name }, count: held.n } });
      }
      await db.transaction(async (tx) => {
        await repo.delete(tx, wanted);
        await audit.record(
          tx,
          rows.map((before) => ({ recordType: 'role', recordId: before.id, action: 'delete', before })),
        );
      });
      await grantsChanged();
    },
  };
}
