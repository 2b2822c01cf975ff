import { describe, expect, it } from 'vitest';
import { fillPath, splitRouteKey } from './route-path.ts';

describe('fillPath', () => {
  it('puts each parameter in its place, leaving a path without parameters as it is', () => {
    expect(fillPath('/api/orders/:orderNo/refunds', { orderNo: '202601011200000001' })).toBe(
      '/api/orders/202601011200000001/refunds',
    );
    expect(fillPath('/api/refunds/:id/review', { id: 42 })).toBe('/api/refunds/42/review');
    expect(fillPath('/api/orders', undefined)).toBe('/api/orders');
    expect(fillPath('/file/:type/:name', { type: 'image', name: 'a.png' })).toBe('/file/image/a.png');
  });

  it('encodes a value as one path segment', () => {
    expect(fillPath('/api/users/updateEmail/:code', { code: 'a/b?c#d e%' })).toBe(
      '/api/users/updateEmail/a%2Fb%3Fc%23d%20e%25',
    );
    expect(fillPath('/avatar/:name', { name: '头像.png' })).toBe('/avatar/%E5%A4%B4%E5%83%8F.png');
    expect(fillPath('/api/orders/:orderNo', { orderNo: '..' })).toBe('/api/orders/%2E%2E');
    expect(fillPath('/files/:name', { name: '.env' })).toBe('/files/.env');
  });

  it('refuses a parameter without a value rather than call another route', () => {
    expect(() => fillPath('/api/orders/:orderNo', {})).toThrow('/api/orders/:orderNo: no value for :orderNo');
    expect(() => fillPath('/api/orders/:orderNo', { orderNo: '' })).toThrow(/no value for :orderNo/);
    expect(() => fillPath('/api/agents/:id', undefined)).toThrow(/no value for :id/);
  });
});

describe('splitRouteKey', () => {
  it('reads the method and the path of a key', () => {
    expect(splitRouteKey('GET /api/orders/:orderNo')).toEqual({ method: 'GET', path: '/api/orders/:orderNo' });
    expect(() => splitRouteKey('/api/orders')).toThrow('Not a route key: /api/orders');
  });
});
