import { describe, expect, it } from 'vitest';
import { callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { deptId, menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';

const PASSWORD = 'Dashboard-pass-1';

/** The home page's figures: each only for whoever may list what it counts, within its data scope. */
describe('dashboard API', () => {
  const ctx = useTestApp();

  async function userWith(name: string, permissions: string[], dept = 'Sales') {
    const role = { name, level: 3, dataScope: '本级', menus: await menuIdsFor(ctx.t, permissions) };
    expect((await ctx.admin('POST', '/api/roles', role)).statusCode).toBe(201);
    const body = userBody(await deptId(ctx.t, dept), await roleId(ctx.t, name), { password: PASSWORD });
    expect((await ctx.admin('POST', '/api/users', body)).statusCode).toBe(201);
    return callerFor(ctx.t, await tokenOf(ctx.t, body.username, PASSWORD));
  }

  it('gives the administrator every figure', async () => {
    const stats = (await ctx.admin('GET', '/api/dashboard/stats')).json();
    expect(stats).toMatchObject({ users: 2, onlineUsers: 2, dicts: 4 });
    expect(stats.menus).toBeGreaterThan(30);
    expect(stats.signIns).toHaveLength(7);
    expect(stats.signIns[6].count).toBe(2);
  });

  it('hides the figures a user may not list', async () => {
    const reader = await userWith('Dictionary reader', ['dict:list']);
    expect((await reader('GET', '/api/dashboard/stats')).json()).toEqual({
      users: null,
      onlineUsers: null,
      menus: null,
      dicts: 4,
      signIns: null,
    });
  });

  it('counts users, sessions and sign-ins within the user’s data scope', async () => {
    const sales = await userWith('Sales lister', ['user:list', 'online:list']);
    const inSales = (await ctx.admin('GET', `/api/users?deptId=${await deptId(ctx.t, 'Sales')}`)).json().totalElements;
    const everybody = (await ctx.admin('GET', '/api/users')).json().totalElements;
    const stats = (await sales('GET', '/api/dashboard/stats')).json();
    expect(stats.users).toBe(inSales);
    expect(stats.users).toBeLessThan(everybody);
    // Signed in from Sales: the demo user and the two users made here; not the administrator.
    expect(stats.onlineUsers).toBe(3);
    expect(stats.signIns[6].count).toBe(3);
    expect(stats).toMatchObject({ menus: null, dicts: null });
  });
});
