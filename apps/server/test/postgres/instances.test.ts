import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openPostgres } from '../../src/db/client.ts';
import { createTestApp, JWT_SECRET, type TestApp, tokenOf } from '../test-app.ts';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: what one revokes,
 * the other refuses on the very next request, though it had the session cached.
 */
describe('several instances sharing PostgreSQL', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let closeSecondDatabase: () => Promise<void>;

  beforeAll(async () => {
    first = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    const url = first.database.url;
    if (!url) throw new Error('the PostgreSQL test database exposes no url');
    const database = await openPostgres(url);
    closeSecondDatabase = () => database.close();
    second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database,
      jwtSecret: JWT_SECRET,
      clock: first.clock,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await closeSecondDatabase();
    await first.close();
  });

  const infoOn = (app: typeof second, authorization: string) =>
    app.inject({ method: 'GET', url: '/auth/info', headers: { authorization } });

  const eventually = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('a sign-in on one instance works on the other', async () => {
    const token = await tokenOf(first);
    expect((await infoOn(second, token)).statusCode).toBe(200);
  });

  it('a logout on one instance ends the session on the other', async () => {
    const token = await tokenOf(first);
    expect((await infoOn(second, token)).statusCode).toBe(200);
    const logout = await second.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: token } });
    expect(logout.statusCode).toBe(200);
    await eventually(async () => (await infoOn(first.app, token)).statusCode === 401);
  });

  it('a revocation of all of a user’s sessions reaches the other instance', async () => {
    const token = await tokenOf(first);
    expect((await infoOn(second, token)).statusCode).toBe(200);
    const userId = (await infoOn(second, token)).json().user.id as number;
    await first.app.sessions.revokeUser(userId);
    await eventually(async () => (await infoOn(second, token)).statusCode === 401);
  });
});
