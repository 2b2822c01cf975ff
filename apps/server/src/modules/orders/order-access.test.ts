import { describe, expect, it } from 'vitest';
import { orderAccess } from './order-access.ts';

describe('order access tokens', () => {
  const access = orderAccess('a-server-secret-of-enough-length');

  it('lets the holder of an order’s own token in, and no one with another order’s token or none', () => {
    const token = access.tokenOf('2026112700000042');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(access.holds('2026112700000042', token)).toBe(true);
    expect(access.holds('2026112700000043', token)).toBe(false);
    expect(access.holds('2026112700000042', access.tokenOf('2026112700000043'))).toBe(false);
    expect(access.holds('2026112700000042', undefined)).toBe(false);
    expect(access.holds('2026112700000042', token.slice(0, -1))).toBe(false);
  });

  it('depends on the server’s secret: another installation’s token opens nothing here', () => {
    const elsewhere = orderAccess('another-server-secret-of-enough-length');
    expect(access.holds('2026112700000042', elsewhere.tokenOf('2026112700000042'))).toBe(false);
  });
});
