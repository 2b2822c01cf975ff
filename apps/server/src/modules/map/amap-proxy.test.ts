import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, useTestApp } from '../../../test/test-app.ts';

const CODE = 'a1b2c3d4e5f6a7b8c9d0';

describe('the AMap proxy, with a security code set', () => {
  const received: string[] = [];
  let receiver: Server;
  let address = '';
  beforeAll(async () => {
    // A local stand-in for AMap's web services: it answers what it was asked.
    receiver = createServer((request, response) => {
      received.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: '1', url: request.url }));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  const ctx = useTestApp(() => ({ AMAP_SECURITY_CODE: CODE, AMAP_SERVICE_URL: address }));
  const admin: Caller = (...args) => ctx.admin(...args);

  it('forwards a web service call with the security code added, and answers AMap’s answer', async () => {
    const answer = await admin('GET', '/api/map/amap/v3/geocode/geo?address=%E4%B8%8A%E6%B5%B7&key=web-key');
    expect(answer.statusCode, answer.body).toBe(200);
    const forwarded = new URL(received.at(-1) ?? '', 'http://x');
    expect(forwarded.pathname).toBe('/v3/geocode/geo');
    expect(forwarded.searchParams.get('address')).toBe('上海');
    expect(forwarded.searchParams.get('key')).toBe('web-key');
    expect(forwarded.searchParams.get('jscode')).toBe(CODE);
    expect(answer.json()).toMatchObject({ status: '1' });
  });

  it('never lets a caller choose the code, nor leave AMap’s web service paths', async () => {
    await admin('GET', '/api/map/amap/v3/place/text?jscode=mine');
    expect(new URL(received.at(-1) ?? '', 'http://x').searchParams.getAll('jscode')).toEqual([CODE]);
    const count = received.length;
    for (const path of ['v3/../../admin', 'etc/passwd', 'v3', 'v3/geo%2F..%2Fx']) {
      const refused = await admin('GET', `/api/map/amap/${path}`);
      // A path climbing out is refused before it reaches the proxy (404), any other with a 400.
      expect([400, 404], path).toContain(refused.statusCode);
    }
    expect(received).toHaveLength(count);
  });

  it('is refused without the map’s permission', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/map/amap/v3/geocode/geo' })).statusCode).toBe(401);
  });
});

describe('the AMap proxy, without a security code', () => {
  const ctx = useTestApp();

  it('forwards nothing, and says why', async () => {
    const answer = await ctx.admin('GET', '/api/map/amap/v3/geocode/geo?address=x');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toContain('AMAP_SECURITY_CODE');
  });
});
