import { describe, expect, it } from 'vitest';
import { type Caller, callerFor, DEFAULT_USER_PASSWORD, tokenOf, useTestApp } from '../../../test/test-app.ts';

describe('global settings', () => {
  const ctx = useTestApp();
  const call: Caller = (...args) => ctx.admin(...args);
  const read = (query = '?sideCode=wad&fromType=1') =>
    ctx.t.app.inject({ method: 'GET', url: `/api/global/setting${query}` });

  it('answers {} to anyone before anything is stored', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('stores an administrator’s settings and serves them publicly at once', async () => {
    const settings = {
      title: 'Water Co. console',
      footerTxt: '© 2026 Water Co.',
      caseNumber: 'ICP 12345678',
      publicity: { title: 'Service notice', body: 'Maintenance on Sunday.', contact: 'support@example.com' },
    };
    const write = await call('PUT', '/api/global/setting?sideCode=wad&fromType=1', settings);
    expect(write.statusCode).toBe(204);
    expect((await read()).json()).toEqual(settings);
    expect((await read('')).json()).toEqual(settings);
    expect((await read('?sideCode=other&fromType=1')).json()).toEqual({});
    await call('PUT', '/api/global/setting?sideCode=wad&fromType=1', { footerTxt: 'Changed' });
    expect((await read()).json()).toEqual({ footerTxt: 'Changed' });
  });

  it('refuses unknown fields and over-long values, changing nothing', async () => {
    const before = (await read()).body;
    const unknown = await call('PUT', '/api/global/setting', { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('colour: is not an accepted field');
    const long = await call('PUT', '/api/global/setting', { caseNumber: 'x'.repeat(101) });
    expect(long.json().message).toMatch(/^caseNumber: /);
    expect((await read()).body).toBe(before);
  });

  it('keeps the map’s tile preset, refusing an unknown one, an address without {z} and a secret-looking field', async () => {
    const saved = await call('PUT', '/api/global/setting', { mapTiles: { preset: 'TIANDITU', key: 'tk123' } });
    expect(saved.statusCode, saved.body).toBe(204);
    expect((await read()).json().mapTiles).toEqual({ preset: 'TIANDITU', key: 'tk123' });
    for (const mapTiles of [
      { preset: 'GOOGLE' },
      { preset: 'CUSTOM', url: 'ftp://tiles.test/{z}/{x}/{y}' },
      { preset: 'CUSTOM', url: 'https://tiles.test/tile.png' },
      { preset: 'AMAP', securityCode: 'never-here' },
    ]) {
      const refused = await call('PUT', '/api/global/setting', { mapTiles });
      expect(refused.statusCode, JSON.stringify(mapTiles)).toBe(400);
      expect(refused.json().message).toMatch(/^mapTiles/);
    }
  });

  it('keeps the publicity images as uploaded files or https addresses, at most six', async () => {
    const images = ['/files/2f1c9a.png', 'https://cdn.example.com/notice.jpg'];
    const write = await call('PUT', '/api/global/setting', { publicity: { title: 'Notice', images } });
    expect(write.statusCode).toBe(204);
    expect((await read()).json()).toEqual({ publicity: { title: 'Notice', images } });
    for (const image of [
      'javascript:alert(1)',
      'http://plain.example.com/a.png',
      '/files/../etc/passwd',
      '//evil/a.png',
    ]) {
      const refused = await call('PUT', '/api/global/setting', { publicity: { images: [image] } });
      expect(refused.statusCode, image).toBe(400);
      expect(refused.json().message).toMatch(/must be an uploaded image or an https address$/);
    }
    const many = await call('PUT', '/api/global/setting', { publicity: { images: Array(7).fill(images[0]) } });
    expect(many.statusCode).toBe(400);
    expect((await read()).json()).toEqual({ publicity: { title: 'Notice', images } });
  });

  it('lets only holders of setting:edit write', async () => {
    const user = callerFor(ctx.t, await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD));
    expect((await user('PUT', '/api/global/setting', { footerTxt: 'x' })).statusCode).toBe(403);
    expect((await ctx.t.app.inject({ method: 'PUT', url: '/api/global/setting', payload: {} })).statusCode).toBe(401);
  });
});
