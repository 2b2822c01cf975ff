import { CONSOLE_CLIENT_HEADER } from '@water/contract/constants';
import { describe, expect, it } from 'vitest';
import { deptId, roleId } from '../src/modules/users/test-fixtures.ts';
import { callerFor, DEFAULT_USER_PASSWORD, tokenOf, useTestApp } from './test-app.ts';

/**
 * The calls of eladmin-web's forms, with the very bodies and paths it sends (its `src/api/` and
 * the `defaultForm` of each page): an existing client keeps working against this server.
 */
describe('eladmin-web form calls', () => {
  const ctx = useTestApp();
  const tag = () => Math.random().toString(36).slice(2, 8);

  it('creates a dictionary with id null and an empty detail list, edits it with dictDetails null, deletes it at api/dict/', async () => {
    const name = `eladmin_${tag()}`;
    const created = await ctx.admin('POST', '/api/dict', {
      id: null,
      name,
      description: 'From eladmin',
      dictDetails: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const dict = (await ctx.admin('GET', `/api/dict?blurry=${name}`)).json().content[0];
    const edited = await ctx.admin('PUT', '/api/dict', { ...dict, description: 'Edited', dictDetails: null });
    expect(edited.statusCode, edited.body).toBe(204);

    const detail = await ctx.admin('POST', '/api/dictDetail', {
      dict: { id: dict.id },
      id: null,
      label: 'On',
      value: 'on',
      dictSort: 999,
    });
    expect(detail.statusCode, detail.body).toBe(201);
    expect((await ctx.admin('GET', `/api/dictDetail?dictName=${name}&page=0&size=9999`)).json().content).toEqual([
      expect.objectContaining({ label: 'On', value: 'on' }),
    ]);

    const removed = await ctx.admin('DELETE', '/api/dict/', [dict.id]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await ctx.admin('GET', `/api/dict?blurry=${name}`)).json().totalElements).toBe(0);
  });

  it('lists online users as eladmin-web’s page asks them (sort=id,desc): newest sign-in first', async () => {
    const response = await ctx.admin('GET', '/auth/online?page=0&size=10&sort=id,desc');
    expect(response.statusCode, response.body).toBe(200);
    const { content } = response.json() as { content: { loginTime: string; userName: string }[] };
    expect(content.map((row) => row.userName)).toEqual(expect.arrayContaining(['admin', 'test']));
    const times = content.map((row) => row.loginTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('creates a menu from the default form: id null, pid 0, roles []', async () => {
    const title = `Eladmin menu ${tag()}`;
    const response = await ctx.admin('POST', '/api/menus', {
      id: null,
      title,
      menuSort: 999,
      path: `eladmin-${tag()}`,
      component: null,
      componentName: null,
      iFrame: false,
      roles: [],
      pid: 0,
      icon: 'system',
      cache: false,
      hidden: false,
      type: 0,
      permission: null,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await ctx.admin('GET', `/api/menus?blurry=${encodeURIComponent(title)}`)).json().totalElements).toBe(1);
  });

  it('creates and edits a role with menus null, as its form sends them', async () => {
    const name = `Eladmin role ${tag()}`;
    const created = await ctx.admin('POST', '/api/roles', {
      id: null,
      name,
      depts: [],
      description: null,
      dataScope: '全部',
      level: 3,
      menus: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = await roleId(ctx.t, name);
    const role = (await ctx.admin('GET', `/api/roles/${id}`)).json();
    const edited = await ctx.admin('PUT', '/api/roles', {
      ...role,
      dataScope: '自定义',
      depts: [{ id: await deptId(ctx.t, 'Sales') }],
      menus: null,
    });
    expect(edited.statusCode, edited.body).toBe(204);
    expect((await ctx.admin('GET', `/api/roles/${id}`)).json()).toMatchObject({
      dataScope: '自定义',
      depts: [{ name: 'Sales' }],
    });
  });
});

describe('eladmin-web with LEGACY_SKIP_PASSWORD_CHANGE=1', () => {
  const ctx = useTestApp({ LEGACY_SKIP_PASSWORD_CHANGE: '1' });

  it('lets a user whose password was reset use eladmin-web, while this console still asks for the change first', async () => {
    const [test] = (await ctx.admin('GET', '/api/users?blurry=test')).json().content as {
      id: number;
      username: string;
    }[];
    expect((await ctx.admin('PUT', '/api/users/resetPwd', [test?.id])).statusCode).toBe(204);
    const asTest = callerFor(ctx.t, await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD));

    // eladmin-web sends no console header: its sign-in is followed by the menus it builds.
    const fromEladmin = await asTest('GET', '/api/menus/build');
    expect(fromEladmin.statusCode, fromEladmin.body).toBe(200);
    expect(fromEladmin.json().length).toBeGreaterThan(0);

    const fromConsole = await asTest('GET', '/api/menus/build', undefined, {
      [CONSOLE_CLIENT_HEADER]: 'water-console',
    });
    expect(fromConsole.statusCode).toBe(403);
    expect(fromConsole.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});
