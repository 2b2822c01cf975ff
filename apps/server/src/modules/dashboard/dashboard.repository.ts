import { SIGN_IN_LOG_DESCRIPTION } from '@water/contract/constants';
import { and, count, countDistinct, eq, gt, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dicts, menus, operationLogs, sessions, users } from '../../db/schema.ts';

const first = (rows: { n: number }[]) => rows[0]?.n ?? 0;

export const dashboardRepository = {
  users: async (db: Database) => first(await db.select({ n: count() }).from(users)),
  menus: async (db: Database) => first(await db.select({ n: count() }).from(menus)),
  dicts: async (db: Database) => first(await db.select({ n: count() }).from(dicts)),

  /** Users with at least one live session. */
  onlineUsers: async (db: Database, now: Date) =>
    first(
      await db
        .select({ n: countDistinct(sessions.userId) })
        .from(sessions)
        .where(gt(sessions.expiresAt, now)),
    ),

  /** When each successful sign-in since `since` happened. */
  signInTimes: async (db: Database, since: Date) =>
    (
      await db
        .select({ at: operationLogs.createTime })
        .from(operationLogs)
        .where(
          and(
            eq(operationLogs.description, SIGN_IN_LOG_DESCRIPTION),
            eq(operationLogs.logType, 'INFO'),
            gte(operationLogs.createTime, since),
          ),
        )
    ).map((row) => row.at),
};
