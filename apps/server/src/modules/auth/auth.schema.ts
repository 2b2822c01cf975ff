import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

export const captchas = pgTable(
  'auth_captcha',
  {
    uuid: varchar('uuid', { length: 64 }).primaryKey(),
    answer: varchar('answer', { length: 16 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('auth_captcha_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in attempts since the last success per (lower-cased) username, known or not: each attempt
 * counts before its password is checked, and a success deletes the row.
 */
export const loginFailures = pgTable('auth_login_failure', {
  username: varchar('username', { length: 64 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  lastFailure: ts('last_failure').notNull(),
});
