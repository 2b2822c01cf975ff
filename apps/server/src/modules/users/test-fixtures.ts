import { eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.ts';
import { depts } from '../depts/depts.read-model.ts';
import { jobs } from '../jobs/jobs.read-model.ts';
import { menus } from '../menus/menus.read-model.ts';
import { roles } from '../roles/roles.read-model.ts';
import { users } from './users.schema.ts';

/** Fixtures shared by the API tests of users, roles, departments and jobs; read straight from the database. */

export async function deptId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: depts.id }).from(depts).where(eq(depts.name, name));
  if (!row) throw new Error(`no department ${name}`);
  return row.id;
}

export async function jobId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, name));
  if (!row) throw new Error(`no job ${name}`);
  return row.id;
}

export async function roleId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

export async function userRow(t: TestApp, username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

/** Ids of the menus (pages and buttons) that carry these permission strings. */
export async function menuIdsFor(t: TestApp, permissions: string[]): Promise<{ id: number }[]> {
  const rows = await t.database.db.select({ id: menus.id }).from(menus).where(inArray(menus.permission, permissions));
  return rows.map((row) => ({ id: row.id }));
}

let serial = 0;

/** A valid body for `POST api/users`; every call gets a new username and e-mail address. */
export function userBody(dept: number, role: number, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const username = `user${serial}_${Date.now().toString(36)}`;
  return {
    username,
    nickName: `User ${serial}`,
    gender: '女',
    phone: '13800000000',
    email: `${username}@example.com`,
    dept: { id: dept },
    jobs: [],
    roles: [{ id: role }],
    enabled: true,
    ...overrides,
  };
}
