import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller as Call,
  callerFor,
  DEFAULT_USER_PASSWORD,
  loginAs,
  refusedField,
  tokenOf,
  useTestApp,
} from '../../../test/test-app.ts';
import { deptId, jobId, menuIdsFor, roleId, userBody, userRow } from './test-fixtures.ts';

interface UserItem {
  id: number;
  username: string;
  dept: { id: number; name: string } | null;
}

describe('users API', () => {
  const ctx = useTestApp();
  const call: Call = (...args) => ctx.admin(...args);
  const asTest: Call = (...args) => ctx.user(...args);
  let ids: { sales: number; rnd: number; headOffice: number; service: number; admin: number; user: number };

  const usernames = (response: { json(): { content: UserItem[] } }) =>
    response.json().content.map((user) => user.username);

  /** Creates a user as admin and answers its id. */
  const create = async (overrides: Record<string, unknown> = {}) => {
    const body = userBody(ids.sales, ids.user, overrides);
    const response = await call('POST', '/api/users', body);
    expect(response.statusCode, response.body).toBe(201);
    return { ...body, id: (await userRow(ctx.t, body.username)).id };
  };

  const signedIn = async (username: string, password = 'Passw0rd-1') =>
    callerFor(ctx.t, await tokenOf(ctx.t, username, password));

  beforeAll(async () => {
    ids = {
      sales: await deptId(ctx.t, 'Sales'),
      rnd: await deptId(ctx.t, 'R&D'),
      headOffice: await deptId(ctx.t, 'Head Office'),
      service: await deptId(ctx.t, 'Service'),
      admin: await roleId(ctx.t, 'Administrator'),
      user: await roleId(ctx.t, 'User'),
    };
  });

  it('lists users with the eladmin call and the fields of API.md, never a password', async () => {
    const response = await call('GET', '/api/users?page=0&size=10&sort=id,desc');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.totalElements).toBe(2);
    expect(page.content.map((u: UserItem) => u.username)).toEqual(['test', 'admin']);
    expect(page.content[1]).toEqual({
      id: expect.any(Number),
      username: 'admin',
      nickName: 'Administrator',
      gender: '男',
      phone: null,
      email: null,
      avatarName: null,
      avatarPath: null,
      enabled: true,
      pwdResetTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      dept: { id: ids.rnd, name: 'R&D' },
      jobs: [{ id: await jobId(ctx.t, 'Engineer'), name: 'Engineer' }],
      roles: [{ id: ids.admin, name: 'Administrator', level: 1, dataScope: '全部' }],
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      // The names again as text, for the list's columns and its Excel file.
      deptName: 'R&D',
      jobNames: 'Engineer',
      roleNames: 'Administrator',
    });
    expect(ctx.t.bodies.join('\n')).not.toMatch(/passwordHash|password_hash|\$argon2/);
  });

  it('pages and sorts', async () => {
    const first = (await call('GET', '/api/users?page=0&size=1&sort=username,asc')).json();
    expect(first).toMatchObject({ totalElements: 2, content: [{ username: 'admin' }] });
    const second = (await call('GET', '/api/users?page=1&size=1&sort=username,asc')).json();
    expect(second.content.map((u: UserItem) => u.username)).toEqual(['test']);
    const bad = await call('GET', '/api/users?sort=password,asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^sort: /);
  });

  it('breaks ties of the chosen sort by the default order, so that paging never repeats or skips a row', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await create({ nickName: `Tied ${i}` }));
    const everyone = (await call('GET', '/api/users?sort=id,desc')).json().content.map((u: UserItem) => u.username);
    const paged: string[] = [];
    for (let page = 0; page * 2 < everyone.length; page++) {
      paged.push(...usernames(await call('GET', `/api/users?page=${page}&size=2&sort=enabled,asc`)));
    }
    // Every user is enabled: the order is the default one, newest first, page after page.
    expect(paged).toEqual(everyone);
    for (const user of made) expect((await call('DELETE', '/api/users', [user.id])).statusCode).toBe(200);
  });

  it('filters by blurry text, status, department subtree and creation time', async () => {
    const bob = await create({ nickName: 'Bobby Tables', dept: { id: ids.rnd }, enabled: false });
    expect(usernames(await call('GET', '/api/users?blurry=bobby'))).toEqual([bob.username]);
    expect(usernames(await call('GET', `/api/users?blurry=${bob.email.toUpperCase()}`))).toEqual([bob.username]);
    expect(usernames(await call('GET', '/api/users?blurry=%25'))).toEqual([]);
    expect(usernames(await call('GET', '/api/users?enabled=false'))).toEqual([bob.username]);
    expect(usernames(await call('GET', `/api/users?deptId=${ids.headOffice}&sort=id,asc`))).toEqual([
      'admin',
      bob.username,
    ]);
    expect(usernames(await call('GET', `/api/users?deptId=${ids.service}`))).toEqual([]);
    const past = await call('GET', '/api/users?createTime=2000-01-01 00:00:00&createTime=2000-12-31 23:59:59');
    expect(past.json().totalElements).toBe(0);
    const wide = await call('GET', '/api/users?createTime=2000-01-01&createTime=2999-12-31');
    expect(wide.json().totalElements).toBe(3);
    const wrong = await call('GET', '/api/users?createTime=yesterday&createTime=today');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^createTime\.0: /);
    const impossible = await call('GET', '/api/users?createTime=2026-02-30&createTime=2026-03-01');
    expect(impossible.json()).toMatchObject({ status: 400, message: expect.stringMatching(/^createTime: /) });
    await call('DELETE', '/api/users', [bob.id]);
  });

  it('restricts the list to the data scope: the test user (own department) sees only Sales', async () => {
    const inSales = await create();
    const inRnd = await create({ dept: { id: ids.rnd } });
    const seen = usernames(await asTest('GET', '/api/users?page=0&size=50'));
    expect(seen.sort()).toEqual([inSales.username, 'test'].sort());
    expect(usernames(await asTest('GET', `/api/users?deptId=${ids.rnd}`))).toEqual([]);
    // A custom scope reaches the chosen departments and everything below them.
    const custom = await call('POST', '/api/roles', {
      name: 'South reader',
      level: 3,
      dataScope: '自定义',
      depts: [{ id: await deptId(ctx.t, 'South Branch') }],
      menus: await menuIdsFor(ctx.t, ['user:list']),
    });
    expect(custom.statusCode).toBe(201);
    const reader = await create({ password: 'Passw0rd-1', roles: [{ id: await roleId(ctx.t, 'South reader') }] });
    const asReader = await signedIn(reader.username);
    const reached = usernames(await asReader('GET', '/api/users?page=0&size=50'));
    expect(reached).toContain(inSales.username);
    expect(reached).not.toContain(inRnd.username);
    expect(reached).not.toContain('admin');
    await call('DELETE', '/api/users', [inSales.id, inRnd.id, reader.id]);
  });

  it('creates a user: 201, stored as sent, with the default password to be changed', async () => {
    const body = userBody(ids.sales, ids.user, { jobs: [{ id: await jobId(ctx.t, 'Engineer') }], phone: 13912345678 });
    const response = await call('POST', '/api/users', body);
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('');
    const row = await userRow(ctx.t, body.username);
    expect(row).toMatchObject({ phone: '13912345678', mustChangePassword: true, enabled: true, createBy: 'admin' });
    const listed = (await call('GET', `/api/users?blurry=${body.username}`)).json().content[0];
    expect(listed).toMatchObject({ jobs: [{ name: 'Engineer' }], roles: [{ name: 'User' }], dept: { name: 'Sales' } });
    expect((await loginAs(ctx.t, body.username, DEFAULT_USER_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts eladmin form values: id null, booleans and numbers as strings', async () => {
    const body = userBody(ids.sales, ids.user, { id: null, enabled: 'false', dept: { id: String(ids.sales) } });
    expect((await call('POST', '/api/users', body)).statusCode).toBe(201);
    expect((await userRow(ctx.t, body.username)).enabled).toBe(false);
  });

  it.each([
    [{ phone: '12345' }, 'phone: must be 11 digits starting with 1'],
    [{ phone: '23800000000' }, 'phone: must be 11 digits starting with 1'],
    [{ email: 'not-an-email' }, 'email: must be an e-mail address such as name@example.com'],
    [{ gender: 'x' }, 'gender: must be 男 or 女'],
    [{ username: 'a' }, 'username: must be 2 to 64 characters without spaces'],
    [{ username: 'has space' }, 'username: must be 2 to 64 characters without spaces'],
    [{ nickName: '' }, 'nickName: must NOT have fewer than 1 characters'],
    [{ roles: [] }, 'roles: must NOT have fewer than 1 items'],
    [{ dept: undefined }, 'dept: is required'],
    [{ dept: { id: 99999 } }, 'dept: no department with id 99999'],
    [{ roles: [{ id: 99999 }] }, 'roles: no role with id 99999'],
    [{ jobs: [{ id: 99999 }] }, 'jobs: no job with id 99999'],
    [{ password: '12345' }, 'password: must have 6 to 128 characters'],
  ])('refuses %j with 400 naming the field', async (overrides, message) => {
    const response = await call('POST', '/api/users', userBody(ids.sales, ids.user, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusedField(message));
  });

  it('keeps usernames (whatever their case) and e-mail addresses unique', async () => {
    const first = await create();
    const sameName = await call('POST', '/api/users', userBody(ids.sales, ids.user, { username: 'TEST' }));
    expect(sameName.json()).toMatchObject({ status: 400, message: 'username: "TEST" is already taken' });
    const sameMail = await call(
      'POST',
      '/api/users',
      userBody(ids.sales, ids.user, { email: first.email.toUpperCase() }),
    );
    expect(sameMail.json()).toMatchObject({ status: 400, message: expect.stringMatching(/^email: .* already used/) });
    const second = await create();
    const clash = await call('PUT', '/api/users', { ...second, username: first.username.toUpperCase() });
    expect(clash.statusCode).toBe(400);
  });

  it('updates a user: 204, fields left out stay as they were; unknown id 404', async () => {
    const user = await create({ phone: '13700000000' });
    const { phone: _phone, gender: _gender, email: _email, enabled: _enabled, ...rest } = user;
    const response = await call('PUT', '/api/users', { ...rest, nickName: 'Renamed', dept: { id: ids.service } });
    expect(response.statusCode).toBe(204);
    expect(await userRow(ctx.t, user.username)).toMatchObject({
      nickName: 'Renamed',
      phone: '13700000000',
      gender: '女',
      deptId: ids.service,
      enabled: true,
    });
    const cleared = await call('PUT', '/api/users', { ...user, phone: null });
    expect(cleared.statusCode).toBe(204);
    expect((await userRow(ctx.t, user.username)).phone).toBeNull();
    const missing = await call('PUT', '/api/users', { ...user, id: 99999 });
    expect(missing.json()).toMatchObject({ status: 404 });
  });

  it('signs a user out everywhere when disabled or given other roles, not for other edits', async () => {
    const user = await create({ password: 'Passw0rd-1' });
    const asUser = await signedIn(user.username);
    expect((await call('PUT', '/api/users', { ...user, nickName: 'Still signed in' })).statusCode).toBe(204);
    expect((await asUser('GET', '/auth/info')).statusCode).toBe(200);

    const manager = await call('POST', '/api/roles', { name: 'Second role', level: 3, dataScope: '本级' });
    expect(manager.statusCode).toBe(201);
    const roles = [{ id: ids.user }, { id: await roleId(ctx.t, 'Second role') }];
    expect((await call('PUT', '/api/users', { ...user, roles })).statusCode).toBe(204);
    expect((await asUser('GET', '/auth/info')).statusCode).toBe(401);

    const again = await signedIn(user.username);
    expect((await call('PUT', '/api/users', { ...user, roles, enabled: false })).statusCode).toBe(204);
    expect((await again('GET', '/auth/info')).statusCode).toBe(401);
    expect((await loginAs(ctx.t, user.username, 'Passw0rd-1')).json().message).toMatch(/disabled/);
  });

  it('protects the administrator account and one’s own', async () => {
    const admin = (await call('GET', '/api/users?blurry=admin')).json().content[0];
    const body = { ...admin, roles: [{ id: ids.admin }], dept: { id: ids.rnd }, jobs: [] };
    const disable = await call('PUT', '/api/users', { ...body, enabled: false });
    expect(disable.json()).toMatchObject({
      status: 400,
      message: 'enabled: the administrator account cannot be disabled',
    });
    const remove = await call('DELETE', '/api/users', [admin.id]);
    expect(remove.json()).toMatchObject({ status: 400, message: 'You cannot delete your own account' });
    const self = await create({ password: 'Passw0rd-1', roles: [{ id: ids.admin }] });
    const asSelf = await signedIn(self.username);
    // The Administrator role ranks at the top but does not make its holder the administrator.
    const adminGone = await asSelf('DELETE', '/api/users', [admin.id]);
    expect(adminGone.json()).toMatchObject({ status: 403, message: 'Only an administrator can delete "admin"' });
    const selfDisable = await asSelf('PUT', '/api/users', { ...self, enabled: false });
    expect(selfDisable.json()).toMatchObject({ status: 400, message: 'enabled: you cannot disable your own account' });
  });

  it('deletes users: 200, their sessions end; unknown ids answer 404', async () => {
    const user = await create({ password: 'Passw0rd-1' });
    const asUser = await signedIn(user.username);
    expect((await call('DELETE', '/api/users', [99999])).statusCode).toBe(404);
    const response = await call('DELETE', '/api/users', [user.id]);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect((await asUser('GET', '/auth/info')).statusCode).toBe(401);
    expect((await call('GET', `/api/users?blurry=${user.username}`)).json().totalElements).toBe(0);
  });

  describe('role levels', () => {
    let asManager: Call;
    let manager: Awaited<ReturnType<typeof create>>;
    let managerRole: number;

    beforeAll(async () => {
      const response = await call('POST', '/api/roles', {
        name: 'User manager',
        level: 2,
        dataScope: '全部',
        menus: await menuIdsFor(ctx.t, ['user:list', 'user:add', 'user:edit', 'user:del', 'roles:list']),
      });
      expect(response.statusCode).toBe(201);
      managerRole = await roleId(ctx.t, 'User manager');
      manager = await create({ password: 'Passw0rd-1', roles: [{ id: managerRole }] });
      asManager = await signedIn(manager.username);
    });

    it('answers the caller’s best level', async () => {
      expect((await call('GET', '/api/roles/level')).json()).toEqual({ level: 1 });
      expect((await asManager('GET', '/api/roles/level')).json()).toEqual({ level: 2 });
      expect((await asTest('GET', '/api/roles/level')).json()).toEqual({ level: 2 });
    });

    it('lets a manager create, edit and delete users of their level or below', async () => {
      const body = userBody(ids.sales, ids.user);
      expect((await asManager('POST', '/api/users', body)).statusCode).toBe(201);
      const { id } = await userRow(ctx.t, body.username);
      expect((await asManager('PUT', '/api/users', { ...body, id, nickName: 'Managed' })).statusCode).toBe(204);
      expect((await asManager('PUT', '/api/users/resetPwd', [id])).statusCode).toBe(204);
      expect((await asManager('DELETE', '/api/users', [id])).statusCode).toBe(200);
    });

    it('refuses to grant a role above the manager’s level', async () => {
      const response = await asManager('POST', '/api/users', userBody(ids.sales, ids.admin));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'roles: you cannot grant "Administrator": its level 1 is above your own level 2',
      );
      const self = await asManager('PUT', '/api/users', { ...manager, roles: [{ id: ids.admin }] });
      expect(self.statusCode).toBe(403);
    });

    it('refuses to edit, reset or delete a user of a higher level', async () => {
      const boss = await create({ roles: [{ id: ids.admin }] });
      const edit = await asManager('PUT', '/api/users', { ...boss, roles: [{ id: ids.user }] });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe(
        `You cannot edit "${boss.username}": their role level 1 is above your own level 2`,
      );
      expect((await asManager('PUT', '/api/users/resetPwd', [boss.id])).statusCode).toBe(403);
      expect((await asManager('DELETE', '/api/users', [boss.id])).statusCode).toBe(403);
      expect((await userRow(ctx.t, boss.username)).deptId).toBe(ids.sales);
    });
  });

  describe('passwords', () => {
    it('makes a user created without a password choose one before anything else', async () => {
      const user = await create();
      const login = await loginAs(ctx.t, user.username, DEFAULT_USER_PASSWORD);
      expect(login.statusCode).toBe(200);
      const asUser = callerFor(ctx.t, login.json().token);
      const blocked = await asUser('GET', '/api/users');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe('Password change required');
      expect((await asUser('GET', '/auth/info')).statusCode).toBe(200);
      const changed = await asUser('POST', '/api/users/updatePass', {
        oldPass: DEFAULT_USER_PASSWORD,
        newPass: 'My-own-pass-1',
      });
      expect(changed.statusCode).toBe(200);
      expect((await asUser('GET', '/api/users')).statusCode).toBe(200);
      expect(await userRow(ctx.t, user.username)).toMatchObject({ mustChangePassword: false });
    });

    it('resets passwords to the default: 204, signed out, change required at the next sign-in', async () => {
      const user = await create({ password: 'Passw0rd-1' });
      const asUser = await signedIn(user.username);
      expect((await call('PUT', '/api/users/resetPwd', [99999])).statusCode).toBe(404);
      const response = await call('PUT', '/api/users/resetPwd', [user.id]);
      expect(response.statusCode).toBe(204);
      expect((await asUser('GET', '/auth/info')).statusCode).toBe(401);
      expect((await loginAs(ctx.t, user.username, 'Passw0rd-1')).statusCode).toBe(400);
      const again = callerFor(ctx.t, await tokenOf(ctx.t, user.username, DEFAULT_USER_PASSWORD));
      expect((await again('GET', '/api/users')).json().message).toBe('Password change required');
      expect((await userRow(ctx.t, user.username)).pwdResetTime).not.toBeNull();
    });
  });
});
