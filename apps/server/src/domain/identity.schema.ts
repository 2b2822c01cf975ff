/**
 * The tables of the shared identity kernel (`domain/`): sessions and mailed codes, kept by
 * `sessions.ts` and `verify-codes.ts`, read by the sign-in, online users and the home page.
 */
import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from '../db/columns.ts';
import { users } from '../modules/users/users.read-model.ts';

/** A signed-in session; the token's `jti` is its id. Deleting the row revokes the token. */
export const sessions = pgTable(
  'auth_session',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    browser: varchar('browser', { length: 255 }),
    loginTime: ts('login_time').notNull().defaultNow(),
    /** The last request made with the session, to the minute. */
    lastSeen: ts('last_seen').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('auth_session_user_idx').on(t.userId), index('auth_session_expires_idx').on(t.expiresAt)],
);

/** Codes mailed to confirm an e-mail address or reset a password; single use, short-lived. */
export const verifyCodes = pgTable(
  'auth_verify_code',
  {
    id: id(),
    /** What the code is for, e.g. 'email' (change of address) or 'reset' (forgotten password). */
    scene: varchar('scene', { length: 32 }).notNull(),
    /** The address the code was sent to. */
    target: varchar('target', { length: 255 }).notNull(),
    code: varchar('code', { length: 16 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('auth_verify_code_target_idx').on(t.scene, t.target)],
);
