import type { AuthInfo, UserDto } from '@water/contract/auth';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as deptsModel from '../modules/depts/depts.read-model.ts';
import * as jobsModel from '../modules/jobs/jobs.read-model.ts';
import * as rolesModel from '../modules/roles/roles.read-model.ts';
import * as usersModel from '../modules/users/users.read-model.ts';

/** The tables read here, each published by its module. */
const t = { ...deptsModel, ...jobsModel, ...rolesModel, ...usersModel };

import { formatDateTime } from '../lib/time.ts';
import { dataScopeOf, permissionsOf, rolesOf } from './principal.ts';

export type UserRow = typeof t.users.$inferSelect;

type Ref = { id: number; name: string };

function userDto(user: UserRow, dept: Ref | undefined, jobs: Ref[], roles: UserDto['roles']): UserDto {
  return {
    id: user.id,
    username: user.username,
    nickName: user.nickName,
    gender: user.gender,
    phone: user.phone,
    email: user.email,
    avatarName: user.avatarName,
    avatarPath: user.avatarPath,
    enabled: user.enabled,
    pwdResetTime: formatDateTime(user.pwdResetTime),
    dept: dept ?? null,
    jobs,
    roles,
    createTime: formatDateTime(user.createTime),
    updateTime: formatDateTime(user.updateTime),
  };
}

async function toUserDto(db: Database, user: UserRow, roles: UserDto['roles']): Promise<UserDto> {
  const [dept] = user.deptId
    ? await db.select({ id: t.depts.id, name: t.depts.name }).from(t.depts).where(eq(t.depts.id, user.deptId))
    : [];
  const jobs = await db
    .select({ id: t.jobs.id, name: t.jobs.name })
    .from(t.usersJobs)
    .innerJoin(t.jobs, eq(t.jobs.id, t.usersJobs.jobId))
    .where(eq(t.usersJobs.userId, user.id))
    .orderBy(asc(t.jobs.jobSort), asc(t.jobs.id));
  return userDto(user, dept, jobs, roles);
}

/** The wire form of many users, in the order given, with three queries whatever their number. */
export async function toUserDtos(db: Database, users: UserRow[]): Promise<UserDto[]> {
  if (users.length === 0) return [];
  const userIds = users.map((user) => user.id);
  const deptIds = [...new Set(users.flatMap((user) => (user.deptId === null ? [] : [user.deptId])))];
  const depts = deptIds.length
    ? await db.select({ id: t.depts.id, name: t.depts.name }).from(t.depts).where(inArray(t.depts.id, deptIds))
    : [];
  const jobs = await db
    .select({ userId: t.usersJobs.userId, id: t.jobs.id, name: t.jobs.name })
    .from(t.usersJobs)
    .innerJoin(t.jobs, eq(t.jobs.id, t.usersJobs.jobId))
    .where(inArray(t.usersJobs.userId, userIds))
    .orderBy(asc(t.jobs.jobSort), asc(t.jobs.id));
  const roles = await db
    .select({
      userId: t.usersRoles.userId,
      id: t.roles.id,
      name: t.roles.name,
      level: t.roles.level,
      dataScope: t.roles.dataScope,
    })
    .from(t.usersRoles)
    .innerJoin(t.roles, eq(t.roles.id, t.usersRoles.roleId))
    .where(inArray(t.usersRoles.userId, userIds))
    .orderBy(asc(t.roles.level), asc(t.roles.id));
  const deptById = new Map(depts.map((dept) => [dept.id, dept]));
  return users.map((user) =>
    userDto(
      user,
      user.deptId === null ? undefined : deptById.get(user.deptId),
      jobs.filter((job) => job.userId === user.id).map(({ id, name }) => ({ id, name })),
      roles
        .filter((role) => role.userId === user.id)
        .map(({ id, name, level, dataScope }) => ({ id, name, level, dataScope })),
    ),
  );
}

/** The `auth/info` answer of a user. */
export async function loadAuthInfo(db: Database, userId: number): Promise<AuthInfo | undefined> {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  return user && authInfoOf(db, user);
}

/** The `auth/info` answer of a user already read (the `user` of the sign-in answer). */
export async function authInfoOf(db: Database, user: UserRow): Promise<AuthInfo> {
  const roles = await rolesOf(db, user.id);
  const permissions = await permissionsOf(db, user);
  return {
    user: await toUserDto(db, user, roles),
    dataScopes: await dataScopeOf(db, user, roles),
    authorities: permissions.map((authority) => ({ authority })),
    roles: permissions,
  };
}
