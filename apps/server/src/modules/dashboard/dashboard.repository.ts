import { SIGN_IN_LOG_DESCRIPTION } from '@water/contract/constants';
import { and, count, countDistinct, eq, gt, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../domain/identity.schema.ts';
import { inDeptScope } from '../../lib/list-query.ts';
import { dicts } from '../dicts/dicts.read-model.ts';
import { operationLogs } from '../logs/logs.read-model.ts';
import { menus } from '../menus/menus.read-model.ts';
import { users } from '../users/users.read-model.ts';

type Scope = ReadonlySet<number> | null;

const first = (rows: { n: number }[]) => rows[0]?.n ?? 0;

export const dashboardRepository = {
  /** Users of the departments in scope. */
  users: async (db: Database, scope: Scope) =>
    first(await db.select({ n: count() }).from(users).where(inDeptScope(users.deptId, scope))),
  menus: async (db: Database) => first(await db.select({ n: count() }).from(menus)),
  dicts: async (db: Database) => first(await db.select({ n: count() }).from(dicts)),

  /** Users in scope with at least one live session. */
  onlineUsers: async (db: Database, now: Date, scope: Scope) =>
    first(
      await db
        .select({ n: countDistinct(sessions.userId) })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(gt(sessions.expiresAt, now), inDeptScope(users.deptId, scope))),
    ),

  /** When each successful sign-in since `since` of a user in scope happened. */
  signInTimes: async (db: Database, since: Date, scope: Scope) =>
    (
      await db
        .select({ at: operationLogs.createTime })
        .from(operationLogs)
        .leftJoin(users, eq(users.username, operationLogs.username))
        .where(
          and(
            eq(operationLogs.description, SIGN_IN_LOG_DESCRIPTION),
            eq(operationLogs.logType, 'INFO'),
            gte(operationLogs.createTime, since),
            inDeptScope(users.deptId, scope),
          ),
        )
    ).map((row) => row.at),
};
