import { parse as parseDisposition } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { listExportIn } from '../../../test/list-export.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';

describe('menus API', () => {
  const ctx = useTestApp();
  const call: Caller = (...args) => ctx.admin(...args);
  const asUser: Caller = (...args) => ctx.user(...args);
  const findByTitle = async (title: string) => {
    const { content } = (await call('GET', `/api/menus?blurry=${encodeURIComponent(title)}`)).json();
    return content.find((menu: { title: string }) => menu.title === title);
  };

  it('builds the router tree: System as a Layout directory with its pages', async () => {
    const response = await call('GET', '/api/menus/build');
    expect(response.statusCode).toBe(200);
    const tree = response.json();
    expect(tree.map((node: { path: string }) => node.path)).toEqual([
      '/system',
      '/monitor',
      '/sys-tools',
      '/business',
      '/finance',
      '/field',
    ]);
    const system = tree[0];
    expect(system).toMatchObject({
      name: 'System',
      component: 'Layout',
      alwaysShow: true,
      redirect: 'noredirect',
      hidden: false,
    });
    expect(system.children[0]).toEqual({
      name: 'User',
      path: 'user',
      hidden: false,
      component: 'system/user/index',
      meta: { title: 'Users', icon: 'peoples', noCache: false },
    });
    // Buttons are not routes.
    expect(JSON.stringify(tree)).not.toContain('User: add');
  });

  it('builds only the menus of the roles of a non-admin user', async () => {
    const tree = (await asUser('GET', '/api/menus/build')).json();
    expect(tree.map((node: { path: string }) => node.path)).toEqual(['/system']);
    expect(tree[0].children.map((node: { path: string }) => node.path)).toEqual(['user', 'dept', 'job', 'dict']);
  });

  it('lists the top level, children of pid, and flat matches of blurry, with the list fields', async () => {
    const top = (await call('GET', '/api/menus?page=0&size=10&sort=id,desc')).json();
    expect(top.totalElements).toBe(6);
    expect(top.content.map((m: { title: string }) => m.title)).toEqual([
      'Field operations',
      'Finance',
      'Business',
      'Tools',
      'Monitor',
      'System',
    ]);
    const system = top.content[5];
    expect(system).toMatchObject({ pid: null, type: 0, hasChildren: true, leaf: false, label: 'System', subCount: 6 });
    expect(system.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const children = (await call('GET', `/api/menus?pid=${system.id}`)).json();
    expect(children.content.map((m: { title: string }) => m.title)).toEqual([
      'Users',
      'Roles',
      'Menus',
      'Departments',
      'Jobs',
      'Dictionaries',
    ]);
    const lazy = (await call('GET', `/api/menus/lazy?pid=${system.id}`)).json();
    expect(lazy.map((m: { title: string }) => m.title)).toEqual(
      children.content.map((m: { title: string }) => m.title),
    );
    const topLazy = (await call('GET', '/api/menus/lazy?pid=0')).json();
    expect(topLazy.map((m: { title: string }) => m.title)).toEqual([
      'System',
      'Monitor',
      'Tools',
      'Business',
      'Finance',
      'Field operations',
    ]);
    const found = (await call('GET', '/api/menus?blurry=dict')).json();
    expect(found.content.map((m: { title: string }) => m.title)).toContain('Dictionaries');
  });

  it('answers the whole tree, subtree ids and the superior tree', async () => {
    const tree = (await call('GET', '/api/menus/tree')).json();
    expect(tree[0]).toMatchObject({ label: 'System', children: expect.any(Array) });
    const users = await findByTitle('Users');
    const ids = (await call('GET', `/api/menus/child?id=${users.id}`)).json();
    expect(ids).toHaveLength(4);
    expect(ids).toContain(users.id);
    const superior = (await call('POST', '/api/menus/superior', [users.id])).json();
    expect(superior.map((m: { title: string }) => m.title)).toEqual([
      'System',
      'Monitor',
      'Tools',
      'Business',
      'Finance',
      'Field operations',
    ]);
    expect(superior[0].children.map((m: { title: string }) => m.title)).toContain('Roles');
    expect(superior[1].children).toBeUndefined();
  });

  it('creates, edits and deletes a menu, keeping subCount right', async () => {
    const create = await call('POST', '/api/menus', {
      type: 0,
      title: 'Water machines',
      path: 'machines',
      icon: 'tools',
      menuSort: '5',
      pid: 0,
      hidden: 'false',
    });
    expect(create.statusCode).toBe(201);
    expect(create.body).toBe('');
    const dir = await findByTitle('Water machines');
    expect(dir).toMatchObject({ pid: null, menuSort: 5, subCount: 0, createBy: 'admin' });
    const page = await call('POST', '/api/menus', {
      type: 1,
      title: 'Machine list',
      path: 'list',
      component: 'machines/list/index',
      componentName: 'MachineList',
      pid: dir.id,
      cache: true,
    });
    expect(page.statusCode).toBe(201);
    expect((await findByTitle('Water machines')).subCount).toBe(1);
    const listed = await findByTitle('Machine list');
    const update = await call('PUT', '/api/menus', { ...listed, title: 'Machines list', permission: 'machine:list' });
    expect(update.statusCode).toBe(204);
    expect((await findByTitle('Machines list')).permission).toBe('machine:list');
    // The sidebar follows at once.
    const build = (await call('GET', '/api/menus/build')).json();
    expect(build.find((node: { path: string }) => node.path === '/machines').children[0].meta.title).toBe(
      'Machines list',
    );
    const remove = await call('DELETE', '/api/menus', [dir.id]);
    expect(remove.statusCode).toBe(200);
    expect(await findByTitle('Water machines')).toBeUndefined();
    expect(await findByTitle('Machines list')).toBeUndefined();
  });

  it.each([['mailto:sales@example.com'], ['tel:+8613800000000'], ['https://example.com/docs']])(
    'accepts the external link %s, as the menu form does',
    async (path) => {
      const title = `Link ${path}`;
      const response = await call('POST', '/api/menus', { type: 1, title, path, iFrame: true });
      expect(response.statusCode, response.body).toBe(201);
      expect((await findByTitle(title))?.path).toBe(path);
    },
  );

  it.each([
    [{ type: 0, title: 'System', path: 'dup' }, 'title: "System" is already used by another menu'],
    [
      { type: 1, title: 'Dup name', path: 'x', component: 'a/b', componentName: 'User' },
      'componentName: "User" is already used by another menu',
    ],
    [
      { type: 1, title: 'Bad link', path: 'ftp://x', iFrame: true },
      'path: an external link must start with http:, https:, mailto: or tel:',
    ],
    [{ type: 1, title: 'No page', path: 'x' }, 'component: a menu needs the page it opens'],
    [{ type: 2, title: 'No permission' }, 'permission: a button needs a permission string'],
    [{ type: 0, title: 'No path' }, 'path: is required for a directory or a menu'],
    [{ type: 0, title: 'Orphan', path: 'o', pid: 999999 }, 'pid: no menu with id 999999'],
    [{ type: 7, title: 'Bad type', path: 'x' }, /^type: /],
    [{ title: 'No type', path: 'x' }, 'type: is required'],
  ])('refuses %o', async (payload, message) => {
    const before = (await call('GET', '/api/menus/tree')).body;
    const response = await call('POST', '/api/menus', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await call('GET', '/api/menus/tree')).body).toBe(before);
  });

  it('refuses a cycle', async () => {
    const system = await findByTitle('System');
    const users = await findByTitle('Users');
    const self = await call('PUT', '/api/menus', { ...system, pid: system.id });
    expect(self.json().message).toBe('pid: a menu cannot be its own parent');
    const under = await call('PUT', '/api/menus', { ...system, pid: users.id });
    expect(under.json().message).toBe('pid: a menu cannot move under its own descendant');
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call('DELETE', '/api/menus', [999999])).statusCode).toBe(404);
    const update = await call('PUT', '/api/menus', { id: 999999, type: 0, title: 'Ghost', path: 'g' });
    expect(update.statusCode).toBe(404);
  });

  it('deleting a menu removes it from the roles that had it', async () => {
    const before = (await asUser('GET', '/api/menus/build')).json();
    expect(before[0].children.map((node: { path: string }) => node.path)).toContain('job');
    const jobs = await findByTitle('Jobs');
    await call('DELETE', '/api/menus', [jobs.id]);
    const after = (await asUser('GET', '/api/menus/build')).json();
    expect(after[0].children.map((node: { path: string }) => node.path)).not.toContain('job');
    // The permissions of the job page went with it.
    const info = (await asUser('GET', '/auth/info')).json();
    expect(info.roles).not.toContain('job:list');
  });

  it('exports the menus as an Excel file named <timestamp>-menus.xlsx', async () => {
    const response = await call('GET', '/api/menus/download');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(parseDisposition(response.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: expect.stringMatching(/^\d{13}-menus\.xlsx$/) },
    });
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('exports the page’s columns in the console’s language, with the types’ labels and yes or no', async () => {
    const english = await listExportIn(call, '/api/menus/download', 'en-US,en;q=0.9');
    expect(english.titles).toEqual([
      'Title',
      'Type',
      'Sort',
      'Path',
      'Page',
      'Permission',
      'External link',
      'Keep state',
      'Hidden',
      'Created',
    ]);
    const row = (rows: Record<string, string>[], title: string) =>
      rows.find((each) => Object.values(each)[0] === title);
    expect(row(english.rows, 'System')).toMatchObject({ Type: 'Directory', 'External link': 'No' });
    expect(row(english.rows, 'Users')).toMatchObject({
      Type: 'Menu',
      Path: 'user',
      Page: 'system/user/index',
      Permission: 'user:list',
      Hidden: 'No',
    });
    expect(row(english.rows, 'Online users: kick out')).toMatchObject({ Type: 'Button', Permission: 'online:del' });
    const chinese = await listExportIn(call, '/api/menus/download', 'zh-CN,zh;q=0.9');
    expect(chinese.titles).toEqual([
      '标题',
      '类型',
      '排序',
      '路由地址',
      '页面',
      '权限标识',
      '外链',
      '缓存',
      '隐藏',
      '创建时间',
    ]);
    // The seeded titles as the sidebar and the Menus page show them.
    expect(row(chinese.rows, '系统管理')).toMatchObject({ 类型: '目录', 外链: '否' });
    expect(row(chinese.rows, '用户管理')).toMatchObject({ 类型: '菜单', 页面: 'system/user/index' });
    expect(row(chinese.rows, '强制退出')).toMatchObject({ 类型: '按钮' });
  });
});
