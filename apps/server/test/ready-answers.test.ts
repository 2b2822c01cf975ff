import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_PASSWORD, tokenOf, useTestApp } from './test-app.ts';

/**
 * The answers read all day — the sidebar (`api/menus/build`) and the dropdowns
 * (`api/dictDetail`) — carry an ETag, answer 304 to a client that holds them, and come
 * compressed when the client accepts it, with the same content either way.
 */
describe('answers read all day', () => {
  const ctx = useTestApp();
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ method: 'GET', url, headers: { authorization: ctx.adminToken, ...headers } });

  it('api/menus/build: 304 for the ETag the client holds, compressed or not the same menus, a new ETag after a change', async () => {
    const plain = await get('/api/menus/build');
    expect(plain.statusCode).toBe(200);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const menus = plain.json();
    expect(menus.length).toBeGreaterThan(0);

    const brotli = await get('/api/menus/build', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(menus);
    const gzipped = await get('/api/menus/build', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(menus);
    expect(gzipped.headers.etag).toBe(etag);

    const held = await get('/api/menus/build', { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    // Another user's menus are other menus: the administrator's ETag is no use to them.
    const user = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/menus/build',
      headers: { authorization: await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD) },
    });
    expect(user.headers.etag).not.toBe(etag);

    const created = await ctx.admin('POST', '/api/menus', {
      title: 'Ready answers',
      type: 0,
      path: 'ready-answers',
      icon: 'menu',
      menuSort: 99,
      hidden: false,
      iFrame: false,
      cache: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await get('/api/menus/build', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.stringify(changed.json())).toContain('Ready answers');
  });

  it('api/dictDetail: 304 for the ETag the client holds, a new ETag after an entry changes', async () => {
    const url = '/api/dictDetail?dictName=user_status&page=0&size=9999';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const { content, totalElements } = first.json();
    expect(totalElements).toBe(content.length);
    const etag = first.headers.etag as string;
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another page of the same dictionary is another answer.
    expect(
      (await get('/api/dictDetail?dictName=user_status&page=0&size=1', { 'if-none-match': etag })).statusCode,
    ).toBe(200);

    const entry = content[0] as { id: number; label: string; value: string; dictSort: number; dict: { id: number } };
    const edited = await ctx.admin('PUT', '/api/dictDetail', { ...entry, label: `${entry.label} (edited)` });
    expect(edited.statusCode, edited.body).toBe(204);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().content.map((row: { label: string }) => row.label)).toContain(`${entry.label} (edited)`);
  });
});
