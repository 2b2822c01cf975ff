import { SESSION_TTL_MS } from '@water/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEFAULT_USER_PASSWORD, JWT_SECRET, type TestApp, tokenOf } from '../../../test/test-app.ts';
import { sessions } from '../../domain/identity.schema.ts';
import { TokenSigner } from '../../lib/tokens.ts';
import { users } from '../users/users.read-model.ts';

const MINUTE = 60_000;

describe('tokens and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const info = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/auth/info', headers: authorization ? { authorization } : {} });

  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.replace('Bearer ', '').split('.')[1] as string, 'base64url').toString()) as {
      sub: string;
      jti: string;
      exp: number;
    };

  it('answers auth/info for a signed-in user, with the same shape as the sign-in answer', async () => {
    const token = await tokenOf(t);
    const response = await info(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { username: 'admin' }, roles: ['admin'], dataScopes: [] });
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'Bearer not-a-token'],
    ['a token without the Bearer scheme', 'Basic YWRtaW46YWRtaW4='],
  ])('refuses %s with 401 and the error shape', async (_name, header) => {
    const response = await info(header);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      status: 401,
      message: expect.any(String),
      timestamp: expect.any(Number),
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses a token whose signature does not match', async () => {
    const token = await tokenOf(t);
    const [header, payload] = token.replace('Bearer ', '').split('.');
    expect((await info(`Bearer ${header}.${payload}.`)).statusCode).toBe(401);
    expect((await info(`Bearer ${header}.${payload}.AAAA`)).statusCode).toBe(401);
    const claims = claimsOf(token);
    const forged = await new TokenSigner('another-secret-that-is-also-long-enough-0123456789').sign(
      { userId: Number(claims.sub), sessionId: claims.jti, expiresAt: claims.exp },
      t.clock.now(),
    );
    expect((await info(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('refuses alg "none"', async () => {
    const token = await tokenOf(t);
    const claims = claimsOf(token);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    expect((await info(`Bearer ${unsigned}`)).statusCode).toBe(401);
  });

  it('refuses an expired token even when its session still exists', async () => {
    const token = await tokenOf(t);
    const claims = claimsOf(token);
    const now = t.clock.now();
    const expired = await new TokenSigner(JWT_SECRET).sign(
      { userId: Number(claims.sub), sessionId: claims.jti, expiresAt: Math.floor(now.getTime() / 1000) - 10 },
      new Date(now.getTime() - MINUTE),
    );
    expect((await info(`Bearer ${expired}`)).statusCode).toBe(401);
    expect((await info(token)).statusCode).toBe(200);
  });

  it('revokes the token on logout, and logout is idempotent', async () => {
    const token = await tokenOf(t);
    const other = await tokenOf(t);
    const logout = await t.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: token } });
    expect(logout.statusCode).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
    expect((await info(other)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: token } });
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/auth/logout' })).statusCode).toBe(200);
    const garbage = await t.app.inject({
      method: 'DELETE',
      url: '/auth/logout',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(garbage.statusCode).toBe(200);
  });

  it('revokes even with an expired token', async () => {
    const token = await tokenOf(t);
    const claims = claimsOf(token);
    const expired = await new TokenSigner(JWT_SECRET).sign(
      { userId: Number(claims.sub), sessionId: claims.jti, expiresAt: Math.floor(t.clock.now().getTime() / 1000) - 1 },
      t.clock.now(),
    );
    await t.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: `Bearer ${expired}` } });
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, claims.jti));
    expect(row).toBeUndefined();
    expect((await info(token)).statusCode).toBe(401);
  });

  it('refuses a token whose session row was deleted by another process', async () => {
    const token = await tokenOf(t);
    expect((await info(token)).statusCode).toBe(200);
    await t.app.sessions.revoke([claimsOf(token).jti]);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('ends an idle session after 4 hours', async () => {
    const token = await tokenOf(t);
    t.clock.advance(SESSION_TTL_MS + 1);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('renews a session used in its last half hour by one hour', async () => {
    const token = await tokenOf(t);
    t.clock.advance(SESSION_TTL_MS - 20 * MINUTE);
    expect((await info(token)).statusCode).toBe(200);
    // Without the renewal the session would have ended 20 minutes from the previous request.
    t.clock.advance(50 * MINUTE);
    expect((await info(token)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(token).jti));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    t.clock.advance(2 * 60 * MINUTE);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('refuses the token of a user who has been disabled', async () => {
    const token = await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    expect((await info(token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.username, 'test'));
    await t.app.principals.invalidate();
    expect((await info(token)).statusCode).toBe(401);
  });
});
