import { parse as parseDisposition } from 'content-disposition';
import { beforeAll, describe, expect, it } from 'vitest';
import { listExportIn } from '../../../test/list-export.ts';
import { type Caller as Call, callerFor, refusedField, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { deptId, menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';

interface DeptItem {
  id: number;
  name: string;
  subCount: number;
  children?: DeptItem[];
}

describe('departments API', () => {
  const ctx = useTestApp();
  const call: Call = (...args) => ctx.admin(...args);
  const asTest: Call = (...args) => ctx.user(...args);
  let ids: Record<'head' | 'south' | 'rnd' | 'ops' | 'sales' | 'service', number>;

  const names = (response: { json(): { content: DeptItem[] } }) => response.json().content.map((d) => d.name);
  const find = async (name: string): Promise<DeptItem> =>
    (await call('GET', `/api/dept?name=${encodeURIComponent(name)}`))
      .json()
      .content.find((d: DeptItem) => d.name === name);
  const createDept = async (name: string, pid: number | null) => {
    const response = await call('POST', '/api/dept', { name, pid, deptSort: 5, enabled: true });
    expect(response.statusCode, response.body).toBe(201);
    return (await find(name)).id;
  };

  beforeAll(async () => {
    ids = {
      head: await deptId(ctx.t, 'Head Office'),
      south: await deptId(ctx.t, 'South Branch'),
      rnd: await deptId(ctx.t, 'R&D'),
      ops: await deptId(ctx.t, 'Operations'),
      sales: await deptId(ctx.t, 'Sales'),
      service: await deptId(ctx.t, 'Service'),
    };
  });

  it('answers the eladmin tree call without page: every top-level department as {content, totalElements}', async () => {
    const response = await call('GET', '/api/dept?sort=id,desc');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.totalElements).toBe(2);
    expect(page.content.map((d: DeptItem) => d.name)).toEqual(['South Branch', 'Head Office']);
    expect(page.content[1]).toEqual({
      id: ids.head,
      pid: null,
      parentName: null,
      subCount: 2,
      name: 'Head Office',
      deptSort: 1,
      enabled: true,
      hasChildren: true,
      leaf: false,
      label: 'Head Office',
      createBy: 'system',
      updateBy: null,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });

  it('pages with page and size', async () => {
    const first = (await call('GET', '/api/dept?page=0&size=10&sort=id,desc')).json();
    expect(first.content.map((d: DeptItem) => d.name)).toEqual(['South Branch', 'Head Office']);
    const one = (await call('GET', '/api/dept?page=1&size=1&sort=id,desc')).json();
    expect(one).toMatchObject({ totalElements: 2, content: [{ name: 'Head Office' }] });
  });

  it('answers children of pid, flat matches of name, and filters by status', async () => {
    expect(names(await call('GET', `/api/dept?pid=${ids.south}`))).toEqual(['Sales', 'Service']);
    const sales = (await call('GET', `/api/dept?pid=${ids.south}`)).json().content[0];
    expect(sales).toMatchObject({
      pid: ids.south,
      parentName: 'South Branch',
      subCount: 0,
      hasChildren: false,
      leaf: true,
    });
    expect(names(await call('GET', '/api/dept?pid=0'))).toEqual(['Head Office', 'South Branch']);
    expect(names(await call('GET', '/api/dept?name=s&sort=name,asc'))).toEqual([
      'Operations',
      'Sales',
      'Service',
      'South Branch',
    ]);
    expect(names(await call('GET', '/api/dept?enabled=false'))).toEqual([]);
    expect((await call('GET', '/api/dept?createTime=2000-01-01&createTime=2000-01-02')).json().totalElements).toBe(0);
  });

  it('finds the seeded departments, jobs and roles by the Chinese names the console shows', async () => {
    const search = async (url: string) =>
      (await call('GET', url)).json().content.map((row: { name: string }) => row.name);
    expect(await search(`/api/dept?name=${encodeURIComponent('研发')}`)).toEqual(['R&D']);
    expect(await search(`/api/dept?name=${encodeURIComponent('R&D')}`)).toEqual(['R&D']);
    expect(await search(`/api/job?page=0&size=10&name=${encodeURIComponent('工程')}`)).toEqual(['Engineer']);
    expect(await search(`/api/roles?page=0&size=10&blurry=${encodeURIComponent('管理员')}`)).toEqual(['Administrator']);
    // Only the seeded names are known in Chinese: a department staff created is found as typed.
    await createDept('研发二部', ids.head);
    expect((await search(`/api/dept?name=${encodeURIComponent('研发')}`)).sort()).toEqual(['R&D', '研发二部'].sort());
  });

  it('restricts the tree to the data scope: the test user sees Sales as its top', async () => {
    expect(names(await asTest('GET', '/api/dept?sort=id,desc'))).toEqual(['Sales']);
    expect(names(await asTest('GET', `/api/dept?pid=${ids.south}`))).toEqual(['Sales']);
    expect(names(await asTest('GET', `/api/dept?pid=${ids.head}`))).toEqual([]);
    expect(names(await asTest('GET', '/api/dept?name=r'))).toEqual([]);
  });

  it('creates departments: 201, the parent’s subCount follows; 0 or null means top level', async () => {
    const top = await createDept('Top from zero', 0 as unknown as null);
    expect((await find('Top from zero')).subCount).toBe(0);
    expect((await call('GET', '/api/dept?pid=0')).json().content.some((d: DeptItem) => d.id === top)).toBe(true);
    const child = await createDept('Child of top', top);
    expect((await find('Top from zero')).subCount).toBe(1);
    const eladmin = await call('POST', '/api/dept', {
      id: null,
      name: 'From eladmin',
      isTop: '0',
      pid: child,
      subCount: 0,
      deptSort: '3',
      enabled: 'false',
    });
    expect(eladmin.statusCode).toBe(201);
    expect(await find('From eladmin')).toMatchObject({ deptSort: 3, enabled: false, pid: child });
    expect((await find('Child of top')).subCount).toBe(1);
  });

  it.each([
    [{ name: '' }, 'name: must NOT have fewer than 1 characters'],
    [{ name: '  ' }, 'name: must not be empty'],
    [{ pid: 99999 }, 'pid: no department with id 99999'],
    [{ deptSort: -1 }, 'deptSort: must be >= 0'],
    [{ enabled: 'maybe' }, 'enabled: must be boolean'],
  ])('refuses %j with 400 naming the field', async (overrides, message) => {
    const response = await call('POST', '/api/dept', { name: 'Valid', pid: null, ...overrides });
    expect(response.json()).toEqual(refusedField(message));
  });

  it('moves a department: both parents’ subCounts follow; never under itself or its subtree', async () => {
    const a = await createDept('Move A', null);
    const b = await createDept('Move B', a);
    const c = await createDept('Move C', b);
    expect((await call('PUT', '/api/dept', { id: b, name: 'Move B', pid: ids.ops })).statusCode).toBe(204);
    expect((await find('Move A')).subCount).toBe(0);
    expect((await find('Operations')).subCount).toBe(1);
    const self = await call('PUT', '/api/dept', { id: b, name: 'Move B', pid: b });
    expect(self.json()).toMatchObject({
      status: 400,
      message: 'pid: a department cannot move under itself or one of its own sub-departments',
    });
    expect((await call('PUT', '/api/dept', { id: b, name: 'Move B', pid: c })).statusCode).toBe(400);
    expect((await call('PUT', '/api/dept', { id: 99999, name: 'x' })).statusCode).toBe(404);
    // Left out: the parent, sort and status stay.
    expect((await call('PUT', '/api/dept', { id: c, name: 'Move C renamed' })).statusCode).toBe(204);
    expect(await find('Move C renamed')).toMatchObject({ pid: b, deptSort: 5, enabled: true });
    expect((await call('PUT', '/api/dept', { id: b, name: 'Move B', pid: null })).statusCode).toBe(204);
    expect((await find('Operations')).subCount).toBe(0);
  });

  it('deletes a department with its subtree: 200, the parent’s subCount follows', async () => {
    const root = await createDept('Doomed', ids.ops);
    const child = await createDept('Doomed child', root);
    await createDept('Doomed grandchild', child);
    expect((await call('DELETE', '/api/dept', [99999])).statusCode).toBe(404);
    const response = await call('DELETE', '/api/dept', [root]);
    expect(response.statusCode).toBe(200);
    expect(await find('Doomed child')).toBeUndefined();
    expect(await find('Doomed grandchild')).toBeUndefined();
    expect((await find('Operations')).subCount).toBe(0);
  });

  it('refuses to delete departments users belong to, naming them', async () => {
    const response = await call('DELETE', '/api/dept', [ids.south]);
    expect(response.json()).toMatchObject({
      status: 400,
      message: 'Users still belong to "Sales"; move or delete them before deleting the department',
    });
    expect(await find('Service')).toBeDefined();
  });

  it('answers the parent picker tree: the top level and the siblings of each ancestor', async () => {
    const response = await call('POST', '/api/dept/superior', [ids.sales]);
    expect(response.statusCode).toBe(200);
    const tree = response.json();
    const top = tree.content.map((d: DeptItem) => d.name);
    expect(top).toContain('Head Office');
    expect(top).toContain('South Branch');
    const south = tree.content.find((d: DeptItem) => d.name === 'South Branch');
    expect(south.children.map((d: DeptItem) => d.name)).toEqual(['Sales', 'Service']);
    expect(tree.content.find((d: DeptItem) => d.name === 'Head Office').children).toBeUndefined();
    expect(tree.totalElements).toBe(top.length + 2);
    expect((await call('POST', '/api/dept/superior', [99999])).statusCode).toBe(404);
    expect((await asTest('POST', '/api/dept/superior', [ids.sales])).statusCode).toBe(200);
  });

  it('keeps a manager with a restricted scope inside it', async () => {
    const role = await call('POST', '/api/roles', {
      name: 'Sales dept manager',
      level: 2,
      dataScope: '本级',
      menus: await menuIdsFor(ctx.t, ['dept:list', 'dept:add', 'dept:edit', 'dept:del']),
    });
    expect(role.statusCode).toBe(201);
    const body = userBody(ids.sales, await roleId(ctx.t, 'Sales dept manager'), { password: 'Passw0rd-1' });
    expect((await call('POST', '/api/users', body)).statusCode).toBe(201);
    const asManager = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Passw0rd-1'));
    expect((await asManager('POST', '/api/dept', { name: 'Sales team', pid: ids.sales })).statusCode).toBe(201);
    const top = await asManager('POST', '/api/dept', { name: 'Rogue', pid: null });
    expect(top.json()).toMatchObject({ status: 403 });
    expect((await asManager('POST', '/api/dept', { name: 'Rogue', pid: ids.rnd })).statusCode).toBe(403);
    expect((await asManager('PUT', '/api/dept', { id: ids.rnd, name: 'Taken over' })).statusCode).toBe(403);
    expect((await asManager('DELETE', '/api/dept', [ids.rnd])).statusCode).toBe(403);
    // The parent above the scope stays unnamed.
    expect((await asManager('GET', '/api/dept')).json().content).toContainEqual(
      expect.objectContaining({ id: ids.sales, pid: ids.south, parentName: null }),
    );
  });

  it('exports departments as <timestamp>-departments.xlsx', async () => {
    const response = await call('GET', '/api/dept/download');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(parseDisposition(response.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: expect.stringMatching(/^\d{13}-departments\.xlsx$/) },
    });
  });

  it('exports the departments flat, each with its parent, in the console’s language with the statuses’ labels', async () => {
    const english = await listExportIn(call, '/api/dept/download?sort=id,asc', 'en-US,en;q=0.9');
    expect(english.titles).toEqual(['Name', 'Parent department', 'Sort', 'Status', 'Created']);
    const byName = (rows: Record<string, string>[], title: string, name: string) =>
      rows.find((row) => row[title] === name);
    expect(byName(english.rows, 'Name', 'Head Office')).toMatchObject({ 'Parent department': '', Status: 'Enabled' });
    expect(byName(english.rows, 'Name', 'Sales')).toMatchObject({ 'Parent department': 'South Branch', Sort: '1' });
    const chinese = await listExportIn(call, '/api/dept/download?sort=id,asc', 'zh-CN,zh;q=0.9');
    expect(chinese.titles).toEqual(['名称', '上级部门', '排序', '状态', '创建时间']);
    expect(byName(chinese.rows, '名称', 'Sales')).toMatchObject({ 上级部门: 'South Branch', 状态: '启用' });
  });
});
