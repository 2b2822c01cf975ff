import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { depts, sessions, users } from '../../db/schema.ts';
import { containsText } from '../../lib/list-query.ts';

export const onlineRepository = {
  /** Live sessions with their users, newest sign-in first; `text` is part of the username or nickname. */
  live: (db: Database, now: Date, text: string | undefined) =>
    db
      .select({ session: sessions, user: users, dept: depts.name })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(depts, eq(depts.id, users.deptId))
      .where(and(gt(sessions.expiresAt, now), containsText([users.username, users.nickName], text)))
      .orderBy(desc(sessions.loginTime)),

  /** The ids among those named that are sessions. */
  existing: async (db: Database, ids: readonly string[]) =>
    (
      await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.id, [...ids]))
    ).map((row) => row.id),
};
