import type { UserFilter } from '@water/contract/users';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../../domain/principal.ts';
import type { UserRow } from '../../domain/user-info.ts';
import { between, columnsOf, containsText, inDeptScope, type Paging, selectPage } from '../../lib/list-query.ts';
import { descendantsOf } from '../../lib/tree.ts';
import { depts } from '../depts/depts.read-model.ts';
import { jobs } from '../jobs/jobs.read-model.ts';
import { roles } from '../roles/roles.read-model.ts';
import { users, usersJobs, usersRoles } from './users.schema.ts';

export type NewUser = typeof users.$inferInsert;

export const userSortable = columnsOf(users, [
  'id',
  'username',
  'nickName',
  'email',
  'phone',
  'gender',
  'enabled',
  'createTime',
  'updateTime',
]);
export const userOrder = [desc(users.id)];

/** The list filters, narrowed to the caller's data scope. */
async function matching(
  db: Database,
  principal: Principal,
  filter: Static<typeof UserFilter>,
): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [
    containsText([users.username, users.nickName, users.email], filter.blurry),
    filter.enabled === undefined ? undefined : eq(users.enabled, filter.enabled),
    between(users.createTime, filter.createTime),
  ];
  if (filter.deptId !== undefined) {
    const subtree = await descendantsOf(db, depts, [filter.deptId]);
    conditions.push(subtree.length > 0 ? inArray(users.deptId, subtree) : sql`false`);
  }
  conditions.push(inDeptScope(users.deptId, principal.scope));
  return and(...conditions);
}

/** Ids of the records named that do not exist. */
const missingOf = (wanted: readonly number[], found: readonly { id: number }[]) =>
  wanted.filter((id) => !found.some((row) => row.id === id));

export const usersRepository = {
  async setPasswordHash(db: Database, userId: number, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  },

  /** A new password chosen through a mailed code: it need not be changed again. */
  async resetPassword(db: Database, userId: number, passwordHash: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash, mustChangePassword: false, pwdResetTime: now, updateTime: now })
      .where(eq(users.id, userId));
  },

  page: async (db: Database, principal: Principal, filter: Static<typeof UserFilter>, paging: Paging) =>
    selectPage(db, users, await matching(db, principal, filter), paging),

  byId: async (db: Database, id: number): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.id, id)))[0],

  byIds: (db: Database, ids: readonly number[]) =>
    db
      .select()
      .from(users)
      .where(inArray(users.id, [...ids]))
      .orderBy(asc(users.id)),

  /** Whether another user than `exceptId` has this value, compared without case. */
  async isTaken(db: Database, column: 'username' | 'email', value: string, exceptId?: number): Promise<boolean> {
    const target = column === 'username' ? users.username : users.email;
    const same = sql`lower(${target}) = lower(${value})`;
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(exceptId === undefined ? same : and(same, ne(users.id, exceptId)));
    return row !== undefined;
  },

  deptExists: async (db: Database, id: number) =>
    (await db.select({ id: depts.id }).from(depts).where(eq(depts.id, id))).length > 0,

  missingJobs: async (db: Database, ids: readonly number[]) =>
    ids.length === 0
      ? []
      : missingOf(
          ids,
          await db
            .select({ id: jobs.id })
            .from(jobs)
            .where(inArray(jobs.id, [...ids])),
        ),

  rolesByIds: (db: Database, ids: readonly number[]) =>
    db
      .select({ id: roles.id, name: roles.name, level: roles.level })
      .from(roles)
      .where(inArray(roles.id, [...ids])),

  async roleIdsOf(db: Database, userId: number): Promise<number[]> {
    const rows = await db.select({ roleId: usersRoles.roleId }).from(usersRoles).where(eq(usersRoles.userId, userId));
    return rows.map((row) => row.roleId).sort((a, b) => a - b);
  },

  /** Creates a user with its roles and jobs, in one transaction; answers its id. */
  insert: async (tx: Database, values: NewUser, roleIds: number[], jobIds: number[]) => {
    const [row] = await tx.insert(users).values(values).returning({ id: users.id });
    await setLinks(tx, row!.id, roleIds, jobIds);
    return row!.id;
  },

  /**
   * Updates a user and replaces its roles and, when given, jobs, in one transaction; false when
   * the user is gone (deleted meanwhile), changing nothing.
   */
  update: async (
    tx: Database,
    id: number,
    values: Partial<NewUser>,
    roleIds: number[],
    jobIds: number[] | undefined,
  ) => {
    const updated = await tx.update(users).set(values).where(eq(users.id, id)).returning({ id: users.id });
    if (updated.length === 0) return false;
    await setLinks(tx, id, roleIds, jobIds);
    return true;
  },

  /** Changes some fields of a user (the personal center, password resets). */
  async set(db: Database, ids: readonly number[], values: Partial<NewUser>): Promise<void> {
    await db
      .update(users)
      .set(values)
      .where(inArray(users.id, [...ids]));
  },

  delete: (db: Database, ids: readonly number[]) => db.delete(users).where(inArray(users.id, [...ids])),
};

/** Replaces a user's roles and, when given, jobs. */
async function setLinks(db: Database, userId: number, roleIds: number[], jobIds: number[] | undefined) {
  await db.delete(usersRoles).where(eq(usersRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(usersRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  if (jobIds === undefined) return;
  await db.delete(usersJobs).where(eq(usersJobs.userId, userId));
  if (jobIds.length > 0) await db.insert(usersJobs).values(jobIds.map((jobId) => ({ userId, jobId })));
}
