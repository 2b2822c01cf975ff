import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@water/contract/constants';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../users/users.read-model.ts';
import { captchas, loginFailures } from './auth.schema.ts';

/** Failures further apart than this do not add up. */
const FAILURE_WINDOW_MS = LOGIN_LOCK_MS;

export const authRepository = {
  async saveCaptcha(db: Database, captcha: { uuid: string; answer: string; expiresAt: Date }) {
    await db.insert(captchas).values(captcha);
  },

  /** Removes the questions that expired without an answer. */
  async purgeExpiredCaptchas(db: Database, now: Date) {
    await db.delete(captchas).where(lt(captchas.expiresAt, now));
  },

  /** Takes a captcha out, whatever happens next: each question is answered once. */
  takeCaptcha: async (db: Database, uuid: string) =>
    (await db.delete(captchas).where(eq(captchas.uuid, uuid)).returning())[0],

  /**
   * Reserves one password check for a username before the password is read, in a single
   * statement, so that parallel attempts on one instance or several cannot all pass a check made
   * before the count lands. The count holds the failures of the window plus the checks under way;
   * answers it, and the lock if one runs (only a failure sets a lock: see `lockIfSpent`).
   */
  async reserveAttempt(
    db: Database,
    username: string,
    now: Date,
  ): Promise<{ count: number; lockedUntil: Date | null }> {
    const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
    const t = loginFailures;
    // A lock that ran out, or attempts further apart than the window, start the count again.
    const restart = sql`(${t.lockedUntil} IS NOT NULL AND ${t.lockedUntil} <= ${now}) OR ${t.lastFailure} < ${windowStart}`;
    const [row] = await db
      .insert(t)
      .values({ username: username.toLowerCase(), failures: 1, lastFailure: now })
      .onConflictDoUpdate({
        target: t.username,
        set: {
          failures: sql`CASE WHEN ${restart} THEN 1 ELSE ${t.failures} + 1 END`,
          lockedUntil: sql`CASE WHEN ${restart} THEN NULL ELSE ${t.lockedUntil} END`,
          lastFailure: now,
        },
      })
      .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
    if (!row) throw new Error('the sign-in attempt was not recorded');
    return { count: row.failures, lockedUntil: row.lockedUntil };
  },

  /** Gives back a reservation that found every place taken by checks under way. */
  async releaseAttempt(db: Database, username: string): Promise<void> {
    const t = loginFailures;
    await db
      .update(t)
      .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
      .where(eq(t.username, username.toLowerCase()));
  },

  /**
   * After a wrong password: the failure that fills the last place locks the account (once; a
   * running lock is never extended). A success in the meantime cleared the count, and the lock with it.
   */
  async lockIfSpent(db: Database, username: string, now: Date): Promise<void> {
    const t = loginFailures;
    await db
      .update(t)
      .set({ lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MS) })
      .where(and(eq(t.username, username.toLowerCase()), gte(t.failures, LOGIN_MAX_FAILURES), isNull(t.lockedUntil)));
  },

  async clearFailures(db: Database, username: string): Promise<void> {
    await db.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase()));
  },

  /** Usernames are unique regardless of case (the index is on lower(username)). */
  userByUsername: async (db: Database, username: string) =>
    (await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`))[0],

  userByEmail: async (db: Database, email: string) =>
    (await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0],
};
