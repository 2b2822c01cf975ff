import {
  DATA_SCOPE_ALL,
  DATA_SCOPE_CUSTOM,
  type RoleCreateInput,
  type RoleMenusInput,
  type RoleUpdateInput,
} from '@water/contract/roles';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles, usersRoles } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, forbidden, forbiddenField, invalidField, notFound } from '../../lib/http-errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { assertAllExist, findRole, isNameTaken, type RoleRow, setRoleDepts, setRoleMenus } from './roles.repository.ts';

const uniqueIds = (refs: { id: number }[] | null | undefined) =>
  refs == null ? undefined : [...new Set(refs.map((ref) => ref.id))].sort((a, b) => a - b);

function assertReachable(caller: Principal, role: RoleRow, action: string) {
  if (role.level < caller.level) {
    throw forbidden(
      `You cannot ${action} "${role.name}": its level ${role.level} is above your own level ${caller.level}`,
    );
  }
}

/** Checks a role form; a caller can neither rank a role above themselves nor widen its data scope beyond their own. */
async function checkedForm(
  app: FastifyInstance,
  caller: Principal,
  input: RoleCreateInput | RoleUpdateInput,
  id?: number,
) {
  const name = input.name.trim();
  if (!name) throw invalidField('name', 'must not be empty', 'required');
  if (await isNameTaken(app.db, name, id))
    throw invalidField('name', `"${name}" is already used by another role`, 'taken');
  if (input.level < caller.level) {
    throw forbiddenField('level', `you cannot give a role level ${input.level}, above your own level ${caller.level}`);
  }
  const custom = input.dataScope === DATA_SCOPE_CUSTOM;
  const deptIds = custom ? (uniqueIds(input.depts) ?? []) : [];
  if (custom && deptIds.length === 0)
    throw invalidField('depts', 'choose at least one department for a custom data scope');
  await assertAllExist(app.db, 'depts', deptIds);
  if (caller.scope !== null) {
    const outside = deptIds.find((deptId) => !caller.scope?.has(deptId));
    if (input.dataScope === DATA_SCOPE_ALL || outside !== undefined) {
      throw forbiddenField('dataScope', 'you cannot grant a wider data scope than your own');
    }
  }
  const menuIds = uniqueIds(input.menus);
  if (menuIds) await assertAllExist(app.db, 'menus', menuIds);
  return { name, deptIds, menuIds };
}

const duplicate = (name: string) => (error: unknown) => {
  throw isUniqueViolation(error) ? invalidField('name', `"${name}" is already used by another role`, 'taken') : error;
};

/** Permissions and sidebars are cached per user and per set of roles: drop them everywhere. */
async function grantsChanged(app: FastifyInstance): Promise<void> {
  await app.principals.invalidate();
  await app.events.publish('menus', {});
}

export async function createRole(app: FastifyInstance, caller: Principal, input: RoleCreateInput): Promise<void> {
  const form = await checkedForm(app, caller, input);
  const now = app.clock.now();
  await app.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(roles)
        .values({
          name: form.name,
          level: input.level,
          description: input.description?.trim() || null,
          dataScope: input.dataScope,
          createBy: caller.username,
          updateBy: caller.username,
          createTime: now,
          updateTime: now,
        })
        .returning({ id: roles.id });
      await setRoleDepts(tx, row!.id, form.deptIds);
      await setRoleMenus(tx, row!.id, form.menuIds ?? []);
    })
    .catch(duplicate(form.name));
}

export async function updateRole(app: FastifyInstance, caller: Principal, input: RoleUpdateInput): Promise<void> {
  const role = await findRole(app.db, input.id);
  if (!role) throw notFound(`No role with id ${input.id}`);
  assertReachable(caller, role, 'edit');
  const form = await checkedForm(app, caller, input, role.id);
  await app.db
    .transaction(async (tx) => {
      await tx
        .update(roles)
        .set({
          name: form.name,
          level: input.level,
          ...(input.description === undefined ? {} : { description: input.description?.trim() || null }),
          dataScope: input.dataScope,
          updateBy: caller.username,
          updateTime: app.clock.now(),
        })
        .where(eq(roles.id, role.id));
      await setRoleDepts(tx, role.id, form.deptIds);
      if (form.menuIds) await setRoleMenus(tx, role.id, form.menuIds);
    })
    .catch(duplicate(form.name));
  await grantsChanged(app);
}

export async function updateRoleMenus(app: FastifyInstance, caller: Principal, input: RoleMenusInput): Promise<void> {
  const role = await findRole(app.db, input.id);
  if (!role) throw notFound(`No role with id ${input.id}`);
  assertReachable(caller, role, 'change the menus of');
  const menuIds = uniqueIds(input.menus) ?? [];
  await assertAllExist(app.db, 'menus', menuIds);
  await app.db.transaction((tx) => setRoleMenus(tx, role.id, menuIds));
  await grantsChanged(app);
}

export async function deleteRoles(app: FastifyInstance, caller: Principal, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const rows = await app.db.select().from(roles).where(inArray(roles.id, wanted));
  const missing = wanted.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw notFound(`No role with id ${missing.join(', ')}`);
  for (const row of rows) assertReachable(caller, row, 'delete');
  const holders = await app.db
    .select({ roleId: usersRoles.roleId, n: count() })
    .from(usersRoles)
    .where(inArray(usersRoles.roleId, wanted))
    .groupBy(usersRoles.roleId);
  for (const held of holders) {
    const name = rows.find((row) => row.id === held.roleId)?.name;
    const users = held.n === 1 ? '1 user' : `${held.n} users`;
    throw badRequest(`The role "${name}" is held by ${users}; take it away from them before deleting it`);
  }
  await app.db.delete(roles).where(inArray(roles.id, wanted));
  await grantsChanged(app);
}
