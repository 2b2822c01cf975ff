import type { UserCreateInput, UserUpdateInput } from '@water/contract/users';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, forbidden, forbiddenField, invalidField, invalidFields, notFound } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { inScope, type Principal } from '../../lib/principal.ts';
import type { UserRow } from './user-info.repository.ts';
import { findUser, findUsers, isTaken, levelsOf, resolveReferences, roleIdsOf, setLinks } from './users.repository.ts';

const uniqueIds = (refs: { id: number }[]) => [...new Set(refs.map((ref) => ref.id))].sort((a, b) => a - b);

/** Refuses to act on a user outside the caller's data scope or of a higher role level. */
async function assertCanManage(app: FastifyInstance, caller: Principal, target: UserRow, action: string) {
  if (!inScope(caller, target.deptId)) {
    throw forbidden(`You cannot ${action} "${target.username}": that user is outside your data scope`);
  }
  const level = (await levelsOf(app.db, [target.id])).get(target.id) as number;
  if (level < caller.level) {
    throw forbidden(
      `You cannot ${action} "${target.username}": their role level ${level} is above your own level ${caller.level}`,
    );
  }
}

/** Checks a user form against the data and the caller's rights; throws a 400 or 403 naming the field. */
async function checkedForm(
  app: FastifyInstance,
  caller: Principal,
  input: UserCreateInput | UserUpdateInput,
  id?: number,
) {
  const username = input.username.trim();
  if (await isTaken(app.db, 'username', username, id))
    throw invalidField('username', `"${username}" is already taken`, 'taken');
  if (input.email && (await isTaken(app.db, 'email', input.email, id))) {
    throw invalidField('email', `"${input.email}" is already used by another user`, 'taken');
  }
  const roleIds = uniqueIds(input.roles);
  const jobIds = input.jobs ? uniqueIds(input.jobs) : undefined;
  const granted = await resolveReferences(app.db, { deptId: input.dept.id, jobIds: jobIds ?? [], roleIds });
  for (const role of granted) {
    if (role.level < caller.level) {
      throw forbiddenField(
        'roles',
        `you cannot grant "${role.name}": its level ${role.level} is above your own level ${caller.level}`,
      );
    }
  }
  if (!inScope(caller, input.dept.id))
    throw forbiddenField('dept', `department ${input.dept.id} is outside your data scope`);
  return { username, roleIds, jobIds };
}

function duplicateMessage(error: unknown): Error {
  return isUniqueViolation(error)
    ? invalidFields([
        { field: 'username', code: 'taken', message: 'is already used by another user' },
        { field: 'email', code: 'taken', message: 'is already used by another user' },
      ])
    : (error as Error);
}

export async function createUser(
  app: FastifyInstance,
  caller: Principal,
  input: UserCreateInput,
  defaultPassword: string,
): Promise<void> {
  const form = await checkedForm(app, caller, input);
  const passwordHash = await hashPassword(input.password ?? defaultPassword);
  const now = app.clock.now();
  await app.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: form.username,
          nickName: input.nickName.trim(),
          gender: input.gender ?? null,
          phone: input.phone ?? null,
          email: input.email ?? null,
          deptId: input.dept.id,
          enabled: input.enabled ?? true,
          passwordHash,
          // Someone else chose this password: its owner replaces it at the first sign-in.
          mustChangePassword: input.password === undefined,
          createBy: caller.username,
          updateBy: caller.username,
          createTime: now,
          updateTime: now,
        })
        .returning({ id: users.id });
      await setLinks(tx, row!.id, form.roleIds, form.jobIds ?? []);
    })
    .catch((error) => {
      throw duplicateMessage(error);
    });
}

export async function updateUser(app: FastifyInstance, caller: Principal, input: UserUpdateInput): Promise<void> {
  const target = await findUser(app.db, input.id);
  if (!target) throw notFound(`No user with id ${input.id}`);
  await assertCanManage(app, caller, target, 'edit');
  const disabling = target.enabled && input.enabled === false;
  if (disabling && target.isAdmin) throw invalidField('enabled', 'the administrator account cannot be disabled');
  if (disabling && target.id === caller.id) throw invalidField('enabled', 'you cannot disable your own account');
  const form = await checkedForm(app, caller, input, target.id);
  const rolesBefore = await roleIdsOf(app.db, target.id);
  await app.db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          username: form.username,
          nickName: input.nickName.trim(),
          ...(input.gender === undefined ? {} : { gender: input.gender }),
          ...(input.phone === undefined ? {} : { phone: input.phone }),
          ...(input.email === undefined ? {} : { email: input.email }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          deptId: input.dept.id,
          updateBy: caller.username,
          updateTime: app.clock.now(),
        })
        .where(eq(users.id, target.id));
      await setLinks(tx, target.id, form.roleIds, form.jobIds);
    })
    .catch((error) => {
      throw duplicateMessage(error);
    });
  const rolesChanged = rolesBefore.join(',') !== form.roleIds.join(',');
  if (disabling || rolesChanged) await app.sessions.revokeUser(target.id);
  await app.principals.invalidate(target.id);
}

/** Loads the users named for a bulk action, checking each one; unknown ids answer 404. */
async function manageableUsers(app: FastifyInstance, caller: Principal, ids: number[], action: string) {
  const { rows, missing } = await findUsers(app.db, [...new Set(ids)]);
  if (missing.length > 0) throw notFound(`No user with id ${missing.join(', ')}`);
  for (const row of rows) await assertCanManage(app, caller, row, action);
  return rows;
}

/** Deletes users; answers the avatar files they leave behind. */
export async function deleteUsers(app: FastifyInstance, caller: Principal, ids: number[]): Promise<string[]> {
  const rows = await manageableUsers(app, caller, ids, 'delete');
  for (const row of rows) {
    if (row.id === caller.id) throw badRequest('You cannot delete your own account');
    if (row.isAdmin) throw badRequest(`The administrator account "${row.username}" cannot be deleted`);
  }
  const deleted = rows.map((row) => row.id);
  await app.db.delete(users).where(inArray(users.id, deleted));
  for (const id of deleted) {
    await app.sessions.revokeUser(id);
    await app.principals.invalidate(id);
  }
  return rows.flatMap((row) => (row.avatarName ? [row.avatarName] : []));
}

/** Back to the default password, which must be replaced at the next sign-in; signs the users out. */
export async function resetPasswords(
  app: FastifyInstance,
  caller: Principal,
  ids: number[],
  defaultPassword: string,
): Promise<void> {
  const rows = await manageableUsers(app, caller, ids, 'reset the password of');
  const now = app.clock.now();
  await app.db
    .update(users)
    .set({
      passwordHash: await hashPassword(defaultPassword),
      mustChangePassword: true,
      pwdResetTime: now,
      updateBy: caller.username,
      updateTime: now,
    })
    .where(
      inArray(
        users.id,
        rows.map((row) => row.id),
      ),
    );
  for (const row of rows) {
    await app.sessions.revokeUser(row.id);
    await app.principals.invalidate(row.id);
  }
}
