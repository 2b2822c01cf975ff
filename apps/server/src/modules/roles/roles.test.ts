import { parse as parseDisposition } from 'content-disposition';
import { beforeAll, describe, expect, it } from 'vitest';
import { listExportIn } from '../../../test/list-export.ts';
import {
  type Caller as Call,
  callerFor,
  DEFAULT_USER_PASSWORD,
  refusedField,
  tokenOf,
  useTestApp,
} from '../../../test/test-app.ts';
import { deptId, menuIdsFor, roleId, userBody, userRow } from '../users/test-fixtures.ts';

interface RoleItem {
  id: number;
  name: string;
  level: number;
}

describe('roles API', () => {
  const ctx = useTestApp();
  const call: Call = (...args) => ctx.admin(...args);
  let salesId: number;

  const role = (overrides: Record<string, unknown> = {}) => ({
    name: `Role ${Math.random().toString(36).slice(2, 8)}`,
    level: 3,
    description: 'For tests',
    dataScope: '本级',
    ...overrides,
  });
  const createRole = async (overrides: Record<string, unknown> = {}) => {
    const body = role(overrides);
    const response = await call('POST', '/api/roles', body);
    expect(response.statusCode, response.body).toBe(201);
    return { ...body, id: await roleId(ctx.t, body.name) };
  };
  const byName = async (name: string) =>
    (await call('GET', `/api/roles?blurry=${encodeURIComponent(name)}`))
      .json()
      .content.find((item: RoleItem) => item.name === name);

  beforeAll(async () => {
    salesId = await deptId(ctx.t, 'Sales');
  });

  it('lists roles with the eladmin call, best level first, with departments and menus', async () => {
    const response = await call('GET', '/api/roles?page=0&size=10&sort=level,asc');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.totalElements).toBe(5);
    expect(page.content.map((r: RoleItem) => r.name)).toEqual([
      'Administrator',
      'User',
      'Agent manager',
      'Finance',
      'Technician',
    ]);
    expect(page.content[1]).toEqual({
      id: expect.any(Number),
      name: 'User',
      level: 2,
      description: 'Reads the data of their own department',
      dataScope: '本级',
      depts: [],
      deptNames: '',
      menus: expect.arrayContaining([{ id: expect.any(Number), title: 'Users' }]),
      createBy: 'system',
      updateBy: null,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const searched = (await call('GET', '/api/roles?blurry=own department')).json();
    expect(searched.content.map((r: RoleItem) => r.name)).toEqual(['User']);
  });

  it('answers one role, every role and the caller’s level', async () => {
    const id = await roleId(ctx.t, 'Administrator');
    const one = await call('GET', `/api/roles/${id}`);
    expect(one.json()).toMatchObject({ id, name: 'Administrator', level: 1, dataScope: '全部' });
    expect((await call('GET', '/api/roles/99999')).statusCode).toBe(404);
    const all = (await call('GET', '/api/roles/all')).json();
    expect(all.map((r: RoleItem) => r.name).slice(0, 2)).toEqual(['Administrator', 'User']);
    expect((await call('GET', '/api/roles/level')).json()).toEqual({ level: 1 });
  });

  it('creates a role with departments and menus: 201', async () => {
    const menus = await menuIdsFor(ctx.t, ['job:list']);
    const created = await createRole({ dataScope: '自定义', depts: [{ id: salesId }], menus, id: null });
    const listed = await byName(created.name);
    expect(listed).toMatchObject({
      level: 3,
      dataScope: '自定义',
      depts: [{ id: salesId, name: 'Sales' }],
      menus: [{ id: menus[0]!.id, title: 'Jobs' }],
      createBy: 'admin',
    });
  });

  it.each([
    [{ name: '' }, 'name: must NOT have fewer than 1 characters'],
    [{ name: '   ' }, 'name: must not be empty'],
    [{ name: 'User' }, 'name: "User" is already used by another role'],
    [{ level: 0 }, 'level: must be >= 1'],
    [{ level: 'high' }, 'level: must be integer'],
    [{ dataScope: 'all' }, 'dataScope: must be one of 全部, 本级, 本级及以下, 自定义'],
    [{ dataScope: '自定义' }, 'depts: choose at least one department for a custom data scope'],
    [{ dataScope: '自定义', depts: [] }, 'depts: choose at least one department for a custom data scope'],
    [{ dataScope: '自定义', depts: [{ id: 99999 }] }, 'depts: no department with id 99999'],
    [{ menus: [{ id: 99999 }] }, 'menus: no menu with id 99999'],
    [{ id: 5 }, 'id: must be null'],
  ])('refuses %j with 400 naming the field', async (overrides, message) => {
    const response = await call('POST', '/api/roles', role(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusedField(message));
  });

  it('updates a role: 204; fields left out stay; unknown id 404; a duplicate name 400', async () => {
    const created = await createRole({ menus: await menuIdsFor(ctx.t, ['job:list']) });
    const response = await call('PUT', '/api/roles', {
      id: created.id,
      name: `${created.name} renamed`,
      level: 4,
      dataScope: '全部',
      depts: [{ id: salesId }],
    });
    expect(response.statusCode).toBe(204);
    const updated = await byName(`${created.name} renamed`);
    // Departments only matter for a custom scope; menus were not sent, so they stay.
    expect(updated).toMatchObject({ level: 4, dataScope: '全部', depts: [], description: 'For tests' });
    expect(updated.menus).toHaveLength(1);
    expect((await call('PUT', '/api/roles', { ...role(), id: 99999 })).statusCode).toBe(404);
    const clash = await call('PUT', '/api/roles', { ...role({ name: 'Administrator' }), id: created.id });
    expect(clash.json()).toMatchObject({
      status: 400,
      message: 'name: "Administrator" is already used by another role',
    });
  });

  it('sets a role’s menus: its holders gain the permissions at once, without signing in again', async () => {
    const custom = await createRole();
    const body = userBody(salesId, custom.id, { password: 'Passw0rd-1' });
    expect((await call('POST', '/api/users', body)).statusCode).toBe(201);
    const asHolder = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Passw0rd-1'));
    expect((await asHolder('GET', '/api/job')).statusCode).toBe(403);
    expect((await asHolder('GET', '/api/menus/build')).json()).toEqual([]);

    const menus = await menuIdsFor(ctx.t, ['job:list']);
    const response = await call('PUT', '/api/roles/menu', { id: custom.id, menus });
    expect(response.statusCode).toBe(204);
    expect((await asHolder('GET', '/api/job')).statusCode).toBe(200);
    expect((await asHolder('GET', '/auth/info')).json().roles).toEqual(['job:list']);
    const sidebar = (await asHolder('GET', '/api/menus/build')).json();
    expect(JSON.stringify(sidebar)).toContain('system/job/index');

    expect((await call('PUT', '/api/roles/menu', { id: 99999, menus })).statusCode).toBe(404);
    const unknown = await call('PUT', '/api/roles/menu', { id: custom.id, menus: [{ id: 99999 }] });
    expect(unknown.json()).toMatchObject({ status: 400, message: 'menus: no menu with id 99999' });
  });

  it('deletes roles nobody holds: 200; a held role is refused naming it; unknown 404', async () => {
    const free = await createRole();
    const held = await createRole();
    const body = userBody(salesId, held.id);
    expect((await call('POST', '/api/users', body)).statusCode).toBe(201);

    const refused = await call('DELETE', '/api/roles', [free.id, held.id]);
    expect(refused.json()).toMatchObject({
      status: 400,
      message: `The role "${held.name}" is held by 1 user; take it away from them before deleting it`,
    });
    expect(await byName(free.name)).toBeDefined();
    expect((await call('DELETE', '/api/roles', [99999])).statusCode).toBe(404);
    const response = await call('DELETE', '/api/roles', [free.id]);
    expect(response.statusCode).toBe(200);
    expect(await byName(free.name)).toBeUndefined();
  });

  describe('levels and scopes', () => {
    let asManager: Call;

    beforeAll(async () => {
      const manager = await createRole({
        name: 'Role manager',
        level: 2,
        dataScope: '本级',
        menus: await menuIdsFor(ctx.t, ['roles:list', 'roles:add', 'roles:edit', 'roles:del']),
      });
      const body = userBody(salesId, manager.id, { password: 'Passw0rd-1' });
      expect((await call('POST', '/api/users', body)).statusCode).toBe(201);
      asManager = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Passw0rd-1'));
    });

    it('lets a level-2 manager manage only roles below level 2, never its own', async () => {
      expect((await asManager('GET', '/api/roles/level')).json()).toEqual({ level: 2 });
      const high = await asManager('POST', '/api/roles', role({ level: 1 }));
      expect(high.statusCode).toBe(403);
      expect(high.json().message).toBe('level: you can give a role only a level below your own level 2 (3 or more)');
      expect((await asManager('POST', '/api/roles', role({ level: 2 }))).statusCode).toBe(403);
      const lower = role({ level: 3 });
      expect((await asManager('POST', '/api/roles', lower)).statusCode).toBe(201);
      const id = await roleId(ctx.t, lower.name);

      const admin = await roleId(ctx.t, 'Administrator');
      const edit = await asManager('PUT', '/api/roles', { ...role({ name: 'Administrator', level: 5 }), id: admin });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe('You cannot edit "Administrator": its level 1 is not below your own level 2');
      expect((await asManager('PUT', '/api/roles/menu', { id: admin, menus: [] })).statusCode).toBe(403);
      expect((await asManager('DELETE', '/api/roles', [admin])).statusCode).toBe(403);
      const promote = await asManager('PUT', '/api/roles', { ...lower, id, level: 2 });
      expect(promote.statusCode).toBe(403);
      expect((await asManager('DELETE', '/api/roles', [id])).statusCode).toBe(200);
      expect((await call('GET', `/api/roles/${admin}`)).json().menus.length).toBeGreaterThan(0);
    });

    it('does not let a manager with a restricted scope grant a wider one', async () => {
      const all = await asManager('POST', '/api/roles', role({ dataScope: '全部' }));
      expect(all.json()).toMatchObject({
        status: 403,
        message: 'dataScope: you cannot grant a wider data scope than your own',
      });
      const elsewhere = await asManager(
        'POST',
        '/api/roles',
        role({ dataScope: '自定义', depts: [{ id: await deptId(ctx.t, 'R&D') }] }),
      );
      expect(elsewhere.statusCode).toBe(403);
      const own = await asManager('POST', '/api/roles', role({ dataScope: '自定义', depts: [{ id: salesId }] }));
      expect(own.statusCode).toBe(201);
    });
  });

  it('reaches a department and every one below it with 本级及以下, granted only over a subtree the granter reaches', async () => {
    const south = await deptId(ctx.t, 'South Branch');
    const menus = await menuIdsFor(ctx.t, ['user:list', 'roles:list', 'roles:add']);
    const signIn = async (roleName: string, dataScope: string) => {
      const held = await createRole({ name: roleName, level: 3, dataScope, menus });
      const body = userBody(south, held.id, { password: 'Branch-pass-1' });
      expect((await call('POST', '/api/users', body)).statusCode).toBe(201);
      return callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Branch-pass-1'));
    };
    const subtree = await signIn('Branch and below', '本级及以下');
    const own = await signIn('Branch only', '本级');
    const deptsSeen = async (as: Call) =>
      new Set(
        (await as('GET', '/api/users?page=0&size=100'))
          .json()
          .content.map((user: { dept: { name: string } }) => user.dept.name),
      );
    // The demo user works in Sales, below South Branch.
    expect(await deptsSeen(subtree)).toEqual(new Set(['South Branch', 'Sales']));
    expect(await deptsSeen(own)).toEqual(new Set(['South Branch']));

    const granted = await subtree('POST', '/api/roles', role({ level: 4, dataScope: '本级及以下' }));
    expect(granted.statusCode, granted.body).toBe(201);
    const refused = await own('POST', '/api/roles', role({ level: 4, dataScope: '本级及以下' }));
    expect(refused.json()).toMatchObject({
      status: 403,
      message: 'dataScope: you cannot grant a wider data scope than your own',
    });
    // eladmin clients see the scope by its name.
    expect((await byName('Branch and below')).dataScope).toBe('本级及以下');
  });

  it('exports roles as <timestamp>-roles.xlsx', async () => {
    const response = await call('GET', '/api/roles/download?blurry=User');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(parseDisposition(response.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: expect.stringMatching(/^\d{13}-roles\.xlsx$/) },
    });
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('exports the page’s columns and the custom departments in the console’s language, with the scopes’ labels', async () => {
    const custom = await createRole({ dataScope: '自定义', depts: [{ id: salesId }] });
    const url = `/api/roles/download?blurry=${encodeURIComponent(custom.name)}`;
    const english = await listExportIn(call, url, 'en-GB,en;q=0.9');
    expect(english.titles).toEqual(['Name', 'Data scope', 'Level', 'Departments', 'Description', 'Created']);
    expect(english.rows).toEqual([
      {
        Name: custom.name,
        'Data scope': 'Custom departments',
        Level: '3',
        Departments: 'Sales',
        Description: 'For tests',
        Created: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
    const chinese = await listExportIn(call, url, 'zh-CN,zh;q=0.9');
    expect(chinese.titles).toEqual(['名称', '数据范围', '级别', '部门', '描述', '创建时间']);
    expect(chinese.rows[0]).toMatchObject({ 名称: custom.name, 数据范围: '自定义', 部门: 'Sales' });
    const own = await listExportIn(call, '/api/roles/download?blurry=User', 'zh-CN');
    expect(own.rows.find((row) => row.名称 === 'User')).toMatchObject({ 数据范围: '本级' });
    expect((await listExportIn(call, '/api/roles/download?blurry=User', 'en')).rows[0]).toMatchObject({
      'Data scope': 'Own department',
    });
  });

  it('lets any signed-in user read their level; the role list needs roles:list', async () => {
    const asTest = callerFor(ctx.t, await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD));
    expect((await asTest('GET', '/api/roles/level')).json()).toEqual({ level: 2 });
    expect((await asTest('GET', '/api/roles')).statusCode).toBe(403);
    expect((await userRow(ctx.t, 'test')).enabled).toBe(true);
  });
});
