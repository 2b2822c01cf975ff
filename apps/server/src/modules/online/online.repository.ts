import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../domain/identity.schema.ts';
import { containsText, inDeptScope } from '../../lib/list-query.ts';
import { depts } from '../depts/depts.read-model.ts';
import { users } from '../users/users.read-model.ts';

export const onlineRepository = {
  /**
   * Live sessions with their users, newest sign-in first; `text` is part of the username or
   * nickname; `scope` (when not null) the departments whose users are listed.
   */
  live: (db: Database, now: Date, text: string | undefined, scope: ReadonlySet<number> | null) =>
    db
      .select({ session: sessions, user: users, dept: depts.name })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(depts, eq(depts.id, users.deptId))
      .where(
        and(
          gt(sessions.expiresAt, now),
          containsText([users.username, users.nickName], text),
          inDeptScope(users.deptId, scope),
        ),
      )
      .orderBy(desc(sessions.loginTime)),

  /** The sessions among the ids named, with the users they belong to. */
  withUsers: (db: Database, ids: readonly string[]) =>
    db
      .select({
        id: sessions.id,
        user: { id: users.id, username: users.username, deptId: users.deptId, isAdmin: users.isAdmin },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.id, [...ids])),
};
