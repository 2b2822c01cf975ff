import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from '../../db/columns.ts';
import { depts } from '../depts/depts.schema.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { roles } from '../roles/roles.schema.ts';

export const users = pgTable(
  'sys_user',
  {
    id: id(),
    deptId: integer('dept_id').references(() => depts.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 64 }).notNull(),
    nickName: varchar('nick_name', { length: 255 }).notNull(),
    gender: varchar('gender', { length: 8 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 255 }),
    avatarName: varchar('avatar_name', { length: 255 }),
    avatarPath: varchar('avatar_path', { length: 255 }),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the password is a default one that must be replaced at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    pwdResetTime: ts('pwd_reset_time'),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('sys_user_email_uq').on(sql`lower(${t.email})`),
    index('sys_user_dept_idx').on(t.deptId),
    // The users list's text search (`ILIKE '%…%'` on each) through trigrams (pg_trgm). Without
    // fast update: the embedded database has no autovacuum to empty a pending list that every
    // search would read through.
    index('sys_user_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('sys_user_nick_name_trgm_idx').using('gin', t.nickName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('sys_user_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export const usersRoles = pgTable(
  'sys_users_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_users_roles_role_idx').on(t.roleId)],
);

export const usersJobs = pgTable(
  'sys_users_jobs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);
