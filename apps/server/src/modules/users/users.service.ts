import type { UserDto } from '@water/contract/auth';
import {
  USER_COLUMNS,
  type UserCreateInput,
  type UserQuery,
  type UserRow,
  type UserUpdateInput,
} from '@water/contract/users';
import {
  assertCanManageUsers,
  inScope,
  isAdministrator,
  type Principal,
  type UserAction,
} from '../../domain/principal.ts';
import { toUserDtos, type UserRow as UserRecord } from '../../domain/user-info.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  badRequest,
  fieldRefusal,
  forbiddenField,
  invalidField,
  invalidFields,
  noSuch,
  notFound,
  takenBy,
  unknownRecord,
} from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { hashPassword } from '../../lib/password.ts';
import { usersRepository as repo, userOrder, userSortable } from './users.repository.ts';

const uniqueIds = (refs: { id: number }[]) => [...new Set(refs.map((ref) => ref.id))].sort((a, b) => a - b);
const names = (list: { name: string }[]) => list.map((item) => item.name).join(', ');

/** A user as the list shows it: with its department's, jobs' and roles' names as text. */
const userRow = (user: UserDto): UserRow => ({
  ...user,
  deptName: user.dept?.name ?? null,
  jobNames: names(user.jobs),
  roleNames: names(user.roles),
});

export interface UsersOptions {
  /** Initial password of users created without one; to be changed at first sign-in. */
  defaultUserPassword: string;
  /** Removes the avatar files that deleted users leave behind. */
  removeAvatars(names: string[]): Promise<void>;
}

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * Users within the caller's data scope: a caller manages nobody above its own role level and
 * grants no role above it.
 */
export function createUsersService(
  { db, clock, sessions, principals, audit }: Pick<Deps, 'db' | 'clock' | 'sessions' | 'principals' | 'audit'>,
  { defaultUserPassword, removeAvatars }: UsersOptions,
) {
  /** Checks a user form against the data and the caller's rights; throws a 400 or 403 naming the field. */
  async function checkedForm(principal: Principal, input: UserCreateInput | UserUpdateInput, id?: number) {
    const username = input.username.trim();
    if (await repo.isTaken(db, 'username', username, id)) {
      throw invalidField('username', { key: 'errors.users.usernameTaken', values: { value: username } }, 'taken', {
        value: username,
      });
    }
    if (input.email && (await repo.isTaken(db, 'email', input.email, id))) {
      throw invalidField('email', takenBy('user', input.email), 'taken', { value: input.email });
    }
    const roleIds = uniqueIds(input.roles);
    const jobIds = input.jobs ? uniqueIds(input.jobs) : undefined;
    if (!(await repo.deptExists(db, input.dept.id))) {
      throw invalidField('dept', unknownRecord('department', input.dept.id), 'unknown_reference');
    }
    const [missingJob] = await repo.missingJobs(db, jobIds ?? []);
    if (missingJob !== undefined) throw invalidField('jobs', unknownRecord('job', missingJob), 'unknown_reference');
    const granted = await repo.rolesByIds(db, roleIds);
    const missingRole = roleIds.find((roleId) => !granted.some((role) => role.id === roleId));
    if (missingRole !== undefined) throw invalidField('roles', unknownRecord('role', missingRole), 'unknown_reference');
    for (const role of granted) {
      if (role.level < principal.level) {
        throw forbiddenField('roles', {
          key: 'errors.users.roleAboveOwn',
          values: { name: { name: role.name }, level: role.level, own: principal.level },
        });
      }
    }
    if (!inScope(principal, input.dept.id)) {
      throw forbiddenField('dept', { key: 'errors.users.deptOutsideScope', values: { id: input.dept.id } });
    }
    return { username, roleIds, jobIds };
  }

  // Two requests may race past the checks: the unique indexes have the last word.
  const refuseDuplicate = (error: unknown): never => {
    throw isUniqueViolation(error)
      ? invalidFields([
          fieldRefusal('username', { key: 'errors.users.takenByAnother' }, 'taken'),
          fieldRefusal('email', { key: 'errors.users.takenByAnother' }, 'taken'),
        ])
      : error;
  };

  /** Loads the users named for a bulk action, checking each one; unknown ids answer 404. */
  async function manageableUsers(principal: Principal, ids: number[], action: UserAction) {
    const wanted = [...new Set(ids)];
    const rows = await repo.byIds(db, wanted);
    const missing = wanted.filter((id) => !rows.some((row) => row.id === id));
    if (missing.length > 0) throw notFound(noSuch('user', missing.join(', ')));
    await assertCanManageUsers(db, principal, rows, action);
    return rows;
  }

  async function signOut(userIds: readonly number[]) {
    for (const id of userIds) {
      await sessions.revokeUser(id);
      await principals.invalidate(id);
    }
  }

  return {
    ...declaredList<Principal, UserQuery, UserRecord, UserRow>({
      name: 'users',
      columns: USER_COLUMNS,
      sortable: userSortable,
      order: userOrder,
      read: (principal, filter, paging) => repo.page(db, principal, filter, paging),
      answer: async (_principal, rows) => (await toUserDtos(db, rows)).map(userRow),
    }),

    async create(principal: Principal, input: UserCreateInput): Promise<void> {
      const form = await checkedForm(principal, input);
      const passwordHash = await hashPassword(input.password ?? defaultUserPassword);
      const now = clock.now();
      const enabled = input.enabled ?? true;
      await db
        .transaction(async (tx) => {
          const id = await repo.insert(
            tx,
            {
              username: form.username,
              nickName: input.nickName.trim(),
              gender: input.gender ?? null,
              phone: input.phone ?? null,
              email: input.email ?? null,
              deptId: input.dept.id,
              enabled,
              passwordHash,
              // Someone else chose this password: its owner replaces it at the first sign-in.
              mustChangePassword: input.password === undefined,
              createBy: principal.username,
              updateBy: principal.username,
              createTime: now,
              updateTime: now,
            },
            form.roleIds,
            form.jobIds ?? [],
          );
          const after = { username: form.username, deptId: input.dept.id, enabled, roleIds: form.roleIds };
          await audit.record(tx, { recordType: 'user', recordId: id, action: 'create', after });
        })
        .catch(refuseDuplicate);
    },

    async update(principal: Principal, input: UserUpdateInput): Promise<void> {
      const target = await repo.byId(db, input.id);
      if (!target) throw notFound(noSuch('user', input.id));
      await assertCanManageUsers(db, principal, [target], 'edit');
      const disabling = target.enabled && input.enabled === false;
      if (disabling && target.isAdmin) throw invalidField('enabled', { key: 'errors.users.adminNotDisabled' });
      if (disabling && target.id === principal.id)
        throw invalidField('enabled', { key: 'errors.users.selfNotDisabled' });
      const form = await checkedForm(principal, input, target.id);
      const rolesBefore = await repo.roleIdsOf(db, target.id);
      const rolesChanged = rolesBefore.join(',') !== form.roleIds.join(',');
      if (rolesChanged && target.id === principal.id && !isAdministrator(principal)) {
        throw forbiddenField('roles', { key: 'errors.users.ownRoles' });
      }
      const updated = await db
        .transaction(async (tx) => {
          const done = await repo.update(
            tx,
            target.id,
            {
              username: form.username,
              nickName: input.nickName.trim(),
              ...(input.gender === undefined ? {} : { gender: input.gender }),
              ...(input.phone === undefined ? {} : { phone: input.phone }),
              ...(input.email === undefined ? {} : { email: input.email }),
              ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
              deptId: input.dept.id,
              updateBy: principal.username,
              updateTime: clock.now(),
            },
            form.roleIds,
            form.jobIds,
          );
          // What decides what the user may do: the name they sign in with, whether they may,
          // their department (their data scope) and their roles.
          const before = {
            username: target.username,
            enabled: target.enabled,
            deptId: target.deptId,
            roleIds: rolesBefore,
          };
          const after = { username: form.username, enabled: input.enabled ?? target.enabled, deptId: input.dept.id };
          const change = { before, after: { ...after, roleIds: form.roleIds }, keys: ['username'] };
          const changed =
            rolesChanged ||
            Object.entries(after).some(([field, value]) => before[field as keyof typeof after] !== value);
          if (done && changed)
            await audit.record(tx, { recordType: 'user', recordId: target.id, action: 'update', ...change });
          return done;
        })
        .catch(refuseDuplicate);
      if (!updated) throw notFound(noSuch('user', input.id));
      if (disabling || rolesChanged) await sessions.revokeUser(target.id);
      await principals.invalidate(target.id);
    },

    /** Deletes users, their sessions and their avatars. */
    async remove(principal: Principal, ids: number[]): Promise<void> {
      const rows = await manageableUsers(principal, ids, 'delete');
      for (const row of rows) {
        if (row.id === principal.id) throw badRequest({ key: 'errors.users.selfNotDeleted' });
        if (row.isAdmin) throw badRequest({ key: 'errors.users.adminNotDeleted', values: { username: row.username } });
      }
      const deleted = rows.map((row) => row.id);
      await db.transaction(async (tx) => {
        const removed = [];
        for (const row of rows) {
          const roleIds = await repo.roleIdsOf(tx, row.id);
          const before = { username: row.username, enabled: row.enabled, deptId: row.deptId, roleIds };
          removed.push({ recordType: 'user', recordId: row.id, action: 'delete', before });
        }
        await repo.delete(tx, deleted);
        await audit.record(tx, removed);
      });
      await signOut(deleted);
      await removeAvatars(rows.flatMap((row) => (row.avatarName ? [row.avatarName] : [])));
    },

    /** Back to the default password, which must be replaced at the next sign-in; signs the users out. */
    async resetPasswords(principal: Principal, ids: number[]): Promise<void> {
      const rows = await manageableUsers(principal, ids, 'resetPassword');
      const now = clock.now();
      const targets = rows.map((row) => row.id);
      const passwordHash = await hashPassword(defaultUserPassword);
      await db.transaction(async (tx) => {
        await repo.set(tx, targets, {
          passwordHash,
          mustChangePassword: true,
          pwdResetTime: now,
          updateBy: principal.username,
          updateTime: now,
        });
        // Who reset whose password, and when; never a password or its hash.
        await audit.record(
          tx,
          rows.map((row) => ({
            recordType: 'user',
            recordId: row.id,
            action: 'resetPassword',
            keys: ['username'],
            before: { username: row.username },
            after: { username: row.username, changeAtSignIn: true },
          })),
        );
      });
      await signOut(targets);
    },
  };
}
