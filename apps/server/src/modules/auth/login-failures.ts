import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@water/contract/constants';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

/** Failures further apart than this do not add up. */
const FAILURE_WINDOW_MS = LOGIN_LOCK_MS;

export async function lockedUntil(db: Database, username: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.username, username.toLowerCase()));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;
}

/** Counts one failure in a single statement, so parallel attempts cannot lose a count. */
export async function recordFailure(db: Database, username: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MS);
  const t = loginFailures;
  const restart = sql`(${t.lockedUntil} IS NOT NULL AND ${t.lockedUntil} <= ${now}) OR ${t.lastFailure} < ${windowStart}`;
  const next = sql`CASE WHEN ${restart} THEN 1 ELSE ${t.failures} + 1 END`;
  await db
    .insert(t)
    .values({ username: username.toLowerCase(), failures: 1, lastFailure: now })
    .onConflictDoUpdate({
      target: t.username,
      set: {
        failures: next,
        lockedUntil: sql`CASE WHEN ${next} >= ${LOGIN_MAX_FAILURES} THEN ${lockUntil}::timestamptz ELSE NULL END`,
        lastFailure: now,
      },
    });
}

export async function clearFailures(db: Database, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase()));
}
