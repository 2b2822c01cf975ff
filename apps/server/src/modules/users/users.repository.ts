import type { UserFilter } from '@water/contract/users';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Database } from '../../db/client.ts';
import { depts, jobs, roles, users, usersJobs, usersRoles } from '../../db/schema.ts';
import { invalidField } from '../../lib/http-errors.ts';
import { between, containsText } from '../../lib/list-query.ts';
import { bestLevel, type Principal } from '../../lib/principal.ts';
import { withDescendants } from '../depts/depts.repository.ts';
import type { UserRow } from './user-info.repository.ts';

export const userSortable = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  email: users.email,
  phone: users.phone,
  gender: users.gender,
  enabled: users.enabled,
  createTime: users.createTime,
  updateTime: users.updateTime,
};
export const userOrder = [desc(users.id)];

/** The list filters, narrowed to the caller's data scope. */
export async function userConditions(
  db: Database,
  caller: Principal,
  filter: Static<typeof UserFilter>,
): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [
    containsText([users.username, users.nickName, users.email], filter.blurry),
    filter.enabled === undefined ? undefined : eq(users.enabled, filter.enabled),
    between(users.createTime, filter.createTime),
  ];
  if (filter.deptId !== undefined) {
    const subtree = await withDescendants(db, [filter.deptId]);
    conditions.push(subtree.length > 0 ? inArray(users.deptId, subtree) : sql`false`);
  }
  if (caller.scope !== null) conditions.push(inArray(users.deptId, [...caller.scope]));
  return and(...conditions);
}

export async function findUser(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The users named, or a 404-worthy list of the ids that do not exist. */
export async function findUsers(db: Database, ids: readonly number[]): Promise<{ rows: UserRow[]; missing: number[] }> {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id));
  const found = new Set(rows.map((row) => row.id));
  return { rows, missing: ids.filter((id) => !found.has(id)) };
}

/** The best role level of each user named (users without roles rank below every role). */
export async function levelsOf(db: Database, userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: usersRoles.userId, level: roles.level })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(inArray(usersRoles.userId, [...userIds]));
  return new Map(userIds.map((id) => [id, bestLevel(rows.filter((row) => row.userId === id).map((row) => row.level))]));
}

/** Whether another user than `exceptId` has this value, compared without case. */
export async function isTaken(
  db: Database,
  column: 'username' | 'email',
  value: string,
  exceptId?: number,
): Promise<boolean> {
  const target = column === 'username' ? users.username : users.email;
  const same = sql`lower(${target}) = lower(${value})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? same : and(same, ne(users.id, exceptId)));
  return row !== undefined;
}

/** Checks that the department, jobs and roles a form refers to exist; answers the roles with their levels. */
export async function resolveReferences(
  db: Database,
  refs: { deptId: number; jobIds: number[]; roleIds: number[] },
): Promise<{ id: number; name: string; level: number }[]> {
  const [dept] = await db.select({ id: depts.id }).from(depts).where(eq(depts.id, refs.deptId));
  if (!dept) throw invalidField('dept', `no department with id ${refs.deptId}`, 'unknown_reference');
  if (refs.jobIds.length > 0) {
    const found = await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, refs.jobIds));
    const missing = refs.jobIds.find((id) => !found.some((job) => job.id === id));
    if (missing !== undefined) throw invalidField('jobs', `no job with id ${missing}`, 'unknown_reference');
  }
  const found = await db
    .select({ id: roles.id, name: roles.name, level: roles.level })
    .from(roles)
    .where(inArray(roles.id, refs.roleIds));
  const missing = refs.roleIds.find((id) => !found.some((role) => role.id === id));
  if (missing !== undefined) throw invalidField('roles', `no role with id ${missing}`, 'unknown_reference');
  return found;
}

export async function roleIdsOf(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ roleId: usersRoles.roleId }).from(usersRoles).where(eq(usersRoles.userId, userId));
  return rows.map((row) => row.roleId).sort((a, b) => a - b);
}

/** Replaces a user's roles and, when given, jobs. */
export async function setLinks(db: Database, userId: number, roleIds: number[], jobIds: number[] | undefined) {
  await db.delete(usersRoles).where(eq(usersRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(usersRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  if (jobIds === undefined) return;
  await db.delete(usersJobs).where(eq(usersJobs.userId, userId));
  if (jobIds.length > 0) await db.insert(usersJobs).values(jobIds.map((jobId) => ({ userId, jobId })));
}
