import { apiRoutes } from '@water/contract/api-routes';
import { declarationsOf } from '@water/contract/route';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roles, rolesMenus, users, usersRoles } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/password.ts';
import { operationsOf } from './malformed-requests.ts';
import { createTestApp, type TestApp, tokenOf } from './test-app.ts';

interface GuardedRoute {
  method: string;
  url: string;
  permission: readonly string[];
}

const PASSWORD = 'Matrix-pass-1';

/**
 * Every signed-in route refuses an anonymous caller with 401; every route that names permissions
 * refuses a user who holds none of them with 403, and lets through a user who holds exactly one
 * of them and the administrator: whatever a route then answers to an empty request, it is not
 * 401 or 403, and a read that needs no parameters answers 200. The routes are read from the app
 * itself, so a new route is covered the moment it is registered.
 */
describe('route × permission matrix', () => {
  let t: TestApp;
  let routes: GuardedRoute[];
  let signedIn: { method: string; url: string }[];
  /** `GET url` of the reads that need no parameter. */
  let plainReads: Set<string>;

  /** A user whose only role grants exactly these permission strings (none: no role at all). */
  async function userWith(name: string, permissions: string[]): Promise<string> {
    const db = t.database.db;
    const [user] = await db
      .insert(users)
      .values({ username: name, nickName: name, passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    if (permissions.length > 0) {
      const [role] = await db
        .insert(roles)
        .values({ name: `role-${name}`, level: 3 })
        .returning({ id: roles.id });
      for (const permission of permissions) {
        const [menu] = await db
          .insert(menus)
          .values({ type: 2, title: `${name} ${permission}`, permission })
          .returning({ id: menus.id });
        await db.insert(rolesMenus).values({ roleId: role!.id, menuId: menu!.id });
      }
      await db.insert(usersRoles).values({ userId: user!.id, roleId: role!.id });
    }
    return tokenOf(t, name, PASSWORD);
  }

  const request = (route: GuardedRoute, authorization: string) =>
    t.app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:(\w+)/g, '999999'),
      headers: { authorization },
    });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
    plainReads = new Set(
      operationsOf(t.app.swagger() as never)
        .filter((op) => op.method === 'GET' && !op.parameters.some((parameter) => parameter.required))
        .map((op) => `GET ${op.path}`),
    );
    signedIn = t.app.routePermissions.map(({ method, url }) => ({ method, url }));
    routes = t.app.routePermissions.flatMap(({ method, url, permission }) =>
      permission === 'signed-in' ? [] : [{ method, url, permission }],
    );
  });
  afterAll(() => t.close());

  it('finds the guarded routes', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(plainReads).toContain('GET /api/users');
    expect(routes).toContainEqual({ method: 'POST', url: '/api/menus', permission: ['menu:add'] });
  });

  it('lets anyone reach the channels’ notifications and the sandbox’s page, and only staff with the settings permissions the channels', async () => {
    const sandboxPage = '/pay/sandbox/0123456789abcdef0123456789abcdef';
    const open = [
      { method: 'POST', url: '/api/payments/notify/wechat' },
      { method: 'POST', url: '/api/payments/notify/alipay' },
      { method: 'GET', url: sandboxPage },
      { method: 'POST', url: `${sandboxPage}/pay` },
    ];
    for (const route of open) {
      const answer = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(answer.statusCode);
      expect(signedIn.map((r) => `${r.method} ${r.url}`)).not.toContain(`${route.method} ${route.url}`);
    }
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/payments/channels',
      permission: ['setting:list', 'setting:edit'],
    });
    expect(routes).toContainEqual({ method: 'PUT', url: '/api/payments/channels', permission: ['setting:edit'] });
  });

  /** A read without path parameters answers 200 to whoever may call it; anything else is just let through. */
  const letThrough = (route: GuardedRoute, status: number) =>
    plainReads.has(`${route.method} ${route.url}`) ? status === 200 : status !== 401 && status !== 403;

  it('refuses every signed-in route to an anonymous caller and a forged token', async () => {
    expect(signedIn.length).toBeGreaterThan(routes.length);
    const wrong: string[] = [];
    for (const route of signedIn) {
      for (const authorization of ['', 'Bearer not-a-token']) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:(\w+)/g, '999999'),
          headers: authorization ? { authorization } : {},
        });
        if (response.statusCode !== 401)
          wrong.push(`${route.method} ${route.url} (${authorization || 'anonymous'}): ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets anyone reach the consumer’s public routes, signed in or not, with a token or a forged one', async () => {
    const publicRoutes = declarationsOf(apiRoutes).filter((route) => route.path.startsWith('/api/public/'));
    expect(publicRoutes.length).toBeGreaterThanOrEqual(2);
    const wrong: string[] = [];
    for (const route of publicRoutes) {
      expect(route.permission, route.path).toBe('public');
      // Routes of a consumer signed in by phone answer 401 without their X-Consumer-Token, whatever staff token comes.
      const consumerSigned = 401 in route.replies;
      for (const authorization of ['', 'Bearer not-a-token']) {
        const response = await t.app.inject({
          method: route.method,
          url: route.path.replace(/:code/g, 'NOSUCH99').replace(/:(\w+)/g, '999999'),
          headers: authorization ? { authorization } : {},
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        // Unknown machine or order (404) or a refused body (400): never a question of who is asking.
        if (
          (response.statusCode === 401 && !consumerSigned) ||
          response.statusCode === 403 ||
          response.statusCode >= 500
        )
          wrong.push(`${route.method} ${route.path} (${authorization || 'anonymous'}): ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every guarded route to a user without permissions', async () => {
    const token = await userWith('nobody', []);
    const refused = await Promise.all(
      routes.map(async (route) => [route, (await request(route, token)).statusCode] as const),
    );
    const wrong = refused
      .filter(([, status]) => status !== 403)
      .map(([route, status]) => `${route.method} ${route.url}: ${status}`);
    expect(wrong).toEqual([]);
  });

  it('lets each route through for a user holding only one of its permissions', async () => {
    const permissions = [...new Set(routes.flatMap((route) => route.permission))].filter((p) => p !== 'admin');
    const wrong: string[] = [];
    for (const [index, permission] of permissions.entries()) {
      const token = await userWith(`holder-${index}`, [permission]);
      for (const route of routes.filter((r) => r.permission.includes(permission))) {
        const status = (await request(route, token)).statusCode;
        if (!letThrough(route, status)) wrong.push(`${route.method} ${route.url} with ${permission}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    // A sweep of every permission: minutes on a loaded machine, well under one alone.
  }, 120_000);

  it('gives the seeded Technician role its work-order routes only: nothing about money or others’ data', async () => {
    const db = t.database.db;
    const [user] = await db
      .insert(users)
      .values({ username: 'technician', nickName: 'technician', passwordHash: await hashPassword(PASSWORD) })
      .returning({ id: users.id });
    const [technician] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Technician'));
    await db.insert(usersRoles).values({ userId: user!.id, roleId: technician!.id });
    const token = await tokenOf(t, 'technician', PASSWORD);
    const wrong: string[] = [];
    for (const route of routes) {
      const status = (await request(route, token)).statusCode;
      const allowed = route.permission.includes('workorder:work');
      if (allowed ? !letThrough(route, status) : status !== 403) wrong.push(`${route.method} ${route.url}: ${status}`);
      if (allowed) expect(route.url, 'a technician’s route').toMatch(/^\/api\/(workOrders|stock\/mine$)/);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the seeded Finance role read and export the change records (auditors are finance staff), not the Agent manager role', async () => {
    const db = t.database.db;
    const tokenFor = async (roleName: string, username: string) => {
      const [user] = await db
        .insert(users)
        .values({ username, nickName: username, passwordHash: await hashPassword(PASSWORD) })
        .returning({ id: users.id });
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName));
      await db.insert(usersRoles).values({ userId: user!.id, roleId: role!.id });
      return tokenOf(t, username, PASSWORD);
    };
    const auditRoutes = routes.filter((route) => route.url.startsWith('/api/audit'));
    expect(auditRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /api/audit',
      'GET /api/audit/download',
    ]);
    const finance = await tokenFor('Finance', 'auditor');
    const manager = await tokenFor('Agent manager', 'not-an-auditor');
    for (const route of auditRoutes) {
      expect((await request(route, finance)).statusCode, `${route.url} as Finance`).toBe(200);
      expect((await request(route, manager)).statusCode, `${route.url} as Agent manager`).toBe(403);
    }
    const menus = async (token: string) =>
      JSON.stringify(
        (await t.app.inject({ method: 'GET', url: '/api/menus/build', headers: { authorization: token } })).json(),
      );
    expect(await menus(finance)).toContain('monitor/audit/index');
    expect(await menus(manager)).not.toContain('monitor/audit/index');
  });

  it('opens the public page’s routes to anyone, a consumer’s own only with their phone sign-in, never with staff tokens', async () => {
    const consumerOnly = new Set(
      Object.values(apiRoutes.consumers)
        .filter((route) => ['me', 'coupons', 'claim'].some((name) => apiRoutes.consumers[name as 'me'] === route))
        .map((route) => `${route.method} ${route.path}`),
    );
    const publicRoutes = [...Object.values(apiRoutes.publicOrders), ...Object.values(apiRoutes.consumers)];
    expect(publicRoutes.every((route) => route.permission === 'public' && route.path.startsWith('/api/public/'))).toBe(
      true,
    );
    const admin = await tokenOf(t);
    const wrong: string[] = [];
    for (const route of publicRoutes) {
      const key = `${route.method} ${route.path}`;
      for (const authorization of ['', admin]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: route.path.replace(':orderNo', '202611230000000001').replace(/:(\w+)/g, '999999'),
          headers: authorization ? { authorization, 'x-consumer-token': authorization } : {},
        });
        const expected = consumerOnly.has(key)
          ? response.statusCode === 401
          : ![401, 403].includes(response.statusCode);
        if (!expected) wrong.push(`${key} (${authorization ? 'staff token' : 'anonymous'}): ${response.statusCode}`);
      }
    }
    expect(consumerOnly.size).toBe(3);
    expect(wrong).toEqual([]);
  });

  it('lets an administrator through everywhere', async () => {
    const token = await tokenOf(t);
    const statuses = await Promise.all(
      routes.map(async (route) => [route, (await request(route, token)).statusCode] as const),
    );
    const wrong = statuses
      .filter(([route, status]) => !letThrough(route, status))
      .map(([route, status]) => `${route.method} ${route.url}: ${status}`);
    expect(wrong).toEqual([]);
  });
});
