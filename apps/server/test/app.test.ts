import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { signedInContext } from '../src/plugins/auth.ts';
import { createTestApp, DEFAULT_USER_PASSWORD, type TestApp, tokenOf } from './test-app.ts';

describe('the app as a whole', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'water-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
    await writeFile(
      path.join(webDir, 'login.html'),
      '<!doctype html><title>console</title><div id="root"><main class="login-page">drawn</main></div>',
    );
    t = await createTestApp({ WEB_DIST: webDir }, async (app) => {
      app.get('/api/test/explode', async () => {
        throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
      });
      await app.register(async (signedIn) => {
        await signedInContext(signedIn);
        signedIn.get('/api/test/users-only', { config: { permission: ['user:list'] } }, async () => ({ ok: true }));
        signedIn.get('/api/test/menus-only', { config: { permission: ['menu:list'] } }, async () => ({ ok: true }));
      });
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it.each(['/api/nothing-here', '/auth/nothing-here', '/api'])(
    'answers an unknown API path %s with a JSON 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ status: 404, message: `No such endpoint: GET ${url}` });
    },
  );

  it('answers every other GET with the web app, never cached', async () => {
    for (const url of ['/', '/login?redirect=%2Fdashboard', '/system/user', '/some/deep/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers the sign-in page with the app whose HTML already draws it', async () => {
    for (const url of ['/login', '/login?redirect=%2Fdashboard']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<main class="login-page">drawn</main>');
    }
    const other = await t.app.inject({ method: 'GET', url: '/system/user' });
    expect(other.body).not.toContain('login-page');
  });

  it('hides the details of a server error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      message: 'Internal server error',
      timestamp: expect.any(Number),
      code: 'INTERNAL',
    });
    expect(response.body).not.toMatch(/secret_table|SELECT|at .*\.ts/);
  });

  it('sends security headers and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses JSON answers above 1 KB, and not small ones', async () => {
    const large = await t.app.inject({ method: 'GET', url: '/doc/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const small = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('checks the permission of a signed-in route: 403 without it, 200 with it, admin passes all', async () => {
    const user = await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    const admin = await tokenOf(t);
    const get = (url: string, authorization: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization } });
    expect((await get('/api/test/users-only', user)).statusCode).toBe(200);
    const refused = await get('/api/test/menus-only', user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to do this');
    expect((await get('/api/test/menus-only', admin)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/users-only' })).statusCode).toBe(401);
  });

  it('holds a user who must change their password to auth/info until they do', async () => {
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'test'));
    await t.app.principals.invalidate();
    const token = await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    const headers = { authorization: token };
    expect((await t.app.inject({ method: 'GET', url: '/auth/info', headers })).statusCode).toBe(200);
    const held = await t.app.inject({ method: 'GET', url: '/api/test/users-only', headers });
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe('Password change required');
  });

  it('refuses to register a signed-in route that does not declare its permission', async () => {
    const other = await createTestApp({}, async (app) => {
      await app.register(async (signedIn) => {
        await signedInContext(signedIn);
        signedIn.get('/api/test/undeclared', async () => ({ ok: true }));
      });
    }).catch((error: Error) => error);
    expect(other).toBeInstanceOf(Error);
    expect((other as Error).message).toMatch(/GET \/api\/test\/undeclared must declare config.permission/);
  });

  it('serves the API reference at /doc.html from the route schemas, with nothing loaded from elsewhere', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/doc.html' });
    expect(page.statusCode).toBe(302);
    const ui = await t.app.inject({ method: 'GET', url: page.headers.location as string });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/(src|href)=["']https?:\/\//);
    const initializer = await t.app.inject({ method: 'GET', url: '/doc/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    // Swagger UI's online validator would call out of the server.
    expect(initializer.body).toContain('validatorUrl: null');
    const spec = await t.app.inject({ method: 'GET', url: '/doc/json' });
    const document = spec.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/auth/code', '/auth/login', '/auth/info', '/auth/logout']),
    );
    expect(document.paths['/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password', 'code', 'uuid']),
    );
  });
});
