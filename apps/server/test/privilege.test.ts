import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { deptId, menuIdsFor, roleId, userBody } from '../src/modules/users/test-fixtures.ts';
import { type Caller, callerFor, refusedField, tokenOf, useTestApp } from './test-app.ts';

const PASSWORD = 'Privilege-pass-1';

/** The permissions of Mallory's role: she administers roles, menus and sessions of her department. */
const MALLORY_PERMISSIONS = [
  'roles:list',
  'roles:add',
  'roles:edit',
  'menu:list',
  'menu:add',
  'menu:edit',
  'online:list',
  'online:del',
  'dept:list',
  'user:list',
  'user:edit',
];

interface OnlineRow {
  key: string;
  userName: string;
}

interface DeptNode {
  id: number;
  name: string;
  children?: DeptNode[];
}

/** Every cell of an exported workbook's first sheet, below the header row. */
async function exportedCells(response: LightMyRequestResponse): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]?.eachRow((row, index) => {
    if (index > 1) row.eachCell((cell) => cells.push(String(cell.value)));
  });
  return cells;
}

const namesOf = (nodes: DeptNode[]): string[] => nodes.flatMap((n) => [n.name, ...namesOf(n.children ?? [])]);

/**
 * Object-level rules that a permission alone does not settle: a staff member with a modest role
 * can neither widen its own rights nor reach users or departments beyond its level and scope.
 */
describe('privilege rules', () => {
  const ctx = useTestApp();
  let mallory: Caller;
  let malloryRole: number;
  let malloryId: number;
  let malloryName: string;
  let salesId: number;

  /** Creates a user in a department with one role and answers its caller and id. */
  async function member(dept: number, role: number) {
    const body = userBody(dept, role, { password: PASSWORD });
    expect((await ctx.admin('POST', '/api/users', body)).statusCode).toBe(201);
    const row = (await ctx.admin('GET', `/api/users?blurry=${body.username}`)).json().content[0];
    return {
      id: row.id as number,
      username: body.username,
      call: callerFor(ctx.t, await tokenOf(ctx.t, body.username, PASSWORD)),
    };
  }

  async function createRole(name: string, level: number, permissions: string[]) {
    const body = { name, level, dataScope: '本级', menus: await menuIdsFor(ctx.t, permissions) };
    expect((await ctx.admin('POST', '/api/roles', body)).statusCode).toBe(201);
    return roleId(ctx.t, name);
  }

  const roleMenus = async (id: number): Promise<number[]> =>
    (await ctx.admin('GET', `/api/roles/${id}`))
      .json()
      .menus.map((menu: { id: number }) => menu.id)
      .sort((a: number, b: number) => a - b);

  const sessionsOf = async (username: string): Promise<OnlineRow[]> =>
    (await ctx.admin('GET', `/auth/online?username=${username}`))
      .json()
      .content.filter((row: OnlineRow) => row.userName === username);

  beforeAll(async () => {
    salesId = await deptId(ctx.t, 'Sales');
    malloryRole = await createRole('Role keeper', 2, MALLORY_PERMISSIONS);
    ({ call: mallory, id: malloryId, username: malloryName } = await member(salesId, malloryRole));
  });

  describe('roles and menus', () => {
    it('refuses to let a user grant its own role every menu', async () => {
      const before = await roleMenus(malloryRole);
      const everything = (await ctx.admin('GET', '/api/menus/lazy?pid=0')).json();
      expect(everything.length).toBeGreaterThan(0);
      const all = await menuIdsFor(ctx.t, ['user:del', 'roles:del', 'menu:del', 'online:del']);
      const response = await mallory('PUT', '/api/roles/menu', { id: malloryRole, menus: all });
      expect(response.json()).toMatchObject({
        status: 403,
        message: 'You cannot change the menus of "Role keeper": you hold this role yourself; ask an administrator',
      });
      expect(await roleMenus(malloryRole)).toEqual(before);
      const edit = await mallory('PUT', '/api/roles', {
        id: malloryRole,
        name: 'Role keeper',
        level: 2,
        dataScope: '本级',
      });
      expect(edit.statusCode).toBe(403);
    });

    it('refuses the permission string admin, and any string outside module:action, to anybody but an administrator', async () => {
      const menuTitled = async (title: string) =>
        (await ctx.admin('GET', `/api/menus?blurry=${encodeURIComponent(title)}`))
          .json()
          .content.find((menu: { title: string }) => menu.title === title);
      const parent = (await menuTitled('Roles')).id;
      const button = (permission: string) => ({
        title: `Button ${permission} ${Math.random().toString(36).slice(2, 6)}`,
        type: 2,
        pid: parent,
        permission,
      });
      for (const permission of ['admin', 'roles edit', 'roles:edit:all', 'user:del']) {
        const response = await mallory('POST', '/api/menus', button(permission));
        expect(response.statusCode, `${permission}: ${response.body}`).toBe(403);
        expect(response.json().errors[0].field).toBe('permission');
      }
      expect((await mallory('POST', '/api/menus', button('roles:edit'))).statusCode).toBe(201);
      // Turning a menu she holds into `admin` would grant it to her through her own role.
      const held = await menuTitled('Role: edit');
      const promote = await mallory('PUT', '/api/menus', { ...held, permission: 'admin' });
      expect(promote.json()).toEqual(
        refusedField(
          'permission: only an administrator can set "admin": other permissions take the form module:action',
          403,
        ),
      );
      expect((await ctx.admin('POST', '/api/menus', button('reports.export'))).statusCode).toBe(201);

      const again = callerFor(ctx.t, await tokenOf(ctx.t, malloryName, PASSWORD));
      const info = (await again('GET', '/auth/info')).json();
      expect(info.roles).not.toContain('admin');
      expect(info.roles).not.toContain('user:del');
    });

    it('lets a user give a role below its level only menus it holds, keeping the rest as they were', async () => {
      const helpers = await createRole('Helpers', 3, ['roles:list']);
      const [userDelete] = await menuIdsFor(ctx.t, ['user:del']);
      const [jobList] = await menuIdsFor(ctx.t, ['job:list']);
      const own = await menuIdsFor(ctx.t, ['roles:list', 'online:list']);
      expect((await mallory('PUT', '/api/roles/menu', { id: helpers, menus: own })).statusCode).toBe(204);

      const wider = await mallory('PUT', '/api/roles/menu', { id: helpers, menus: [...own, userDelete] });
      expect(wider.json()).toEqual(
        refusedField('menus: you can grant only menus you hold yourself, not "User: delete"', 403),
      );
      const created = await mallory('POST', '/api/roles', {
        name: 'Wider helpers',
        level: 3,
        dataScope: '本级',
        menus: [userDelete],
      });
      expect(created.statusCode).toBe(403);

      // A menu an administrator put there stays, and may be taken away.
      await ctx.admin('PUT', '/api/roles/menu', { id: helpers, menus: [...own, jobList] });
      expect((await mallory('PUT', '/api/roles/menu', { id: helpers, menus: [...own, jobList] })).statusCode).toBe(204);
      expect((await mallory('PUT', '/api/roles/menu', { id: helpers, menus: own })).statusCode).toBe(204);
      expect(await roleMenus(helpers)).toEqual(own.map((menu) => menu.id).sort((a, b) => a - b));
    });

    it('refuses a user a change of its own roles', async () => {
      const other = await createRole('Other keepers', 3, ['roles:list']);
      const self = (await mallory('GET', `/api/users?blurry=${malloryName}`)).json().content[0];
      expect(self.id).toBe(malloryId);
      const response = await mallory('PUT', '/api/users', {
        ...self,
        dept: { id: salesId },
        jobs: [],
        roles: [{ id: malloryRole }, { id: other }],
      });
      expect(response.json()).toEqual(
        refusedField('roles: you cannot change your own roles; ask an administrator', 403),
      );
    });
  });

  describe('signing users out', () => {
    it('lists only the sessions within the caller’s data scope', async () => {
      const listed = (await mallory('GET', '/auth/online?size=100')).json().content as OnlineRow[];
      expect(listed.map((row) => row.userName)).not.toContain('admin');
      expect(listed.length).toBeGreaterThan(0);
    });

    it('refuses to sign out an administrator or a user of a higher level, and signs out one below', async () => {
      const [adminSession] = await sessionsOf('admin');
      expect(adminSession).toBeDefined();
      const kickAdmin = await mallory('DELETE', '/auth/online', [adminSession!.key]);
      expect(kickAdmin.statusCode).toBe(403);
      expect((await ctx.admin('GET', '/auth/info')).statusCode).toBe(200);

      const chief = await member(salesId, await roleId(ctx.t, 'Administrator'));
      const [chiefSession] = await sessionsOf(chief.username);
      const kickChief = await mallory('DELETE', '/auth/online', [chiefSession!.key]);
      expect(kickChief.json().message).toMatch(/role level 1 is above your own level 2/);
      expect((await chief.call('GET', '/auth/info')).statusCode).toBe(200);

      const junior = await member(salesId, await createRole('Juniors', 3, ['user:list']));
      const [juniorSession] = await sessionsOf(junior.username);
      expect((await mallory('DELETE', '/auth/online', [juniorSession!.key])).statusCode).toBe(200);
      expect((await junior.call('GET', '/auth/info')).statusCode).toBe(401);
    });
  });

  describe('data scope', () => {
    it('shows the department picker only within the caller’s scope', async () => {
      const mine = (await mallory('POST', '/api/dept/superior', [salesId])).json();
      expect(namesOf(mine.content)).toEqual(['Sales']);
      const elsewhere = await mallory('POST', '/api/dept/superior', [await deptId(ctx.t, 'R&D')]);
      expect(elsewhere.statusCode).toBe(403);
      const everything = (await ctx.admin('POST', '/api/dept/superior', [salesId])).json();
      expect(namesOf(everything.content)).toEqual(expect.arrayContaining(['Head Office', 'South Branch', 'Sales']));
    });

    it('keeps every list and export within the caller’s scope', async () => {
      const outside = ['Head Office', 'R&D', 'Operations', 'South Branch', 'Service'];
      for (const url of ['/api/users?size=100', '/api/dept', '/api/dept?pid=0', '/auth/online?size=100']) {
        const body = (await mallory('GET', url)).body;
        for (const name of outside) expect(body, `${url} shows ${name}`).not.toContain(`"${name}"`);
      }
      const users = (await mallory('GET', '/api/users?size=100')).json().content as { username: string }[];
      expect(users.map((user) => user.username)).not.toContain('admin');
      const exportedUsers = await exportedCells(await mallory('GET', '/api/users/download'));
      expect(exportedUsers).toContain(malloryName);
      expect(exportedUsers).not.toContain('admin');
      const exportedDepts = await exportedCells(await mallory('GET', '/api/dept/download'));
      expect(exportedDepts).toContain('Sales');
      for (const name of outside) expect(exportedDepts).not.toContain(name);
    });
  });
});
