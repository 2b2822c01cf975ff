import { LOGIN_LOCK_MS } from '@water/contract/constants';
import { SESSION_ENDED_CLOSE } from '@water/contract/realtime';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openPostgres } from '../../src/db/client.ts';
import { sessions } from '../../src/db/schema.ts';
import {
  ADMIN_PASSWORD,
  createTestApp,
  DEFAULT_USER_PASSWORD,
  JWT_SECRET,
  loginAs,
  newCaptcha,
  type TestApp,
  tokenOf,
} from '../test-app.ts';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: what one revokes,
 * the other refuses on the very next request, though it had the session cached.
 */
async function secondInstance(first: TestApp, env: Record<string, string>, { hearsLateBy = 0 } = {}) {
  const url = first.database.url;
  if (!url) throw new Error('the PostgreSQL test database exposes no url');
  const opened = await openPostgres(url);
  // A busy instance: its notifications are handled a while after they arrive.
  const database: DatabaseHandle = {
    ...opened,
    listen: (channel, fn) => opened.listen(channel, (payload) => setTimeout(() => fn(payload), hearsLateBy)),
  };
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', MQTT_PORT: 'off', ...env }),
    database,
    jwtSecret: JWT_SECRET,
    clock: first.clock,
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('several instances sharing PostgreSQL', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    first = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    ({ app: second, close: closeSecond } = await secondInstance(first, { AUTH_RATE_LIMIT: '1000' }));
  });
  afterAll(async () => {
    await closeSecond();
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

  it('ends many kicked-out sessions at once on the other instance, websockets included', async () => {
    const admin = await tokenOf(first);
    const victim = await tokenOf(first, 'test', DEFAULT_USER_PASSWORD);
    const socket = await second.injectWS(`/websocket?token=${encodeURIComponent(victim)}`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    // Far more session keys than one notification can carry.
    const userId = (await infoOf(second, victim)).json().user.id as number;
    await Promise.all(Array.from({ length: 250 }, () => first.app.sessions.create(userId, '127.0.0.1', 'test')));
    const rows = await first.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    const keys = rows.map((row) => row.id);
    expect(keys.length).toBeGreaterThan(250);
    const kick = await first.app.inject({
      method: 'DELETE',
      url: '/auth/online',
      headers: { authorization: admin },
      payload: keys,
    });
    expect(kick.statusCode).toBe(200);
    expect((await infoOf(second, victim)).statusCode).toBe(401);
    const stillOpen = new Promise((resolve) => setTimeout(() => resolve('still open'), 2000));
    expect(await Promise.race([closed, stillOpen])).toBe(SESSION_ENDED_CLOSE);
  });
});

describe('the sign-in rate limit behind a load balancer', () => {
  it('counts the attempts of one address on every instance together', async () => {
    const first = await createTestApp({ AUTH_RATE_LIMIT: '4' });
    const second = await secondInstance(first, { AUTH_RATE_LIMIT: '4' });
    try {
      const attempt = async (app: typeof second.app) => {
        const { uuid } = (await app.inject({ method: 'GET', url: '/auth/code' })).json();
        const response = await app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: 'ghost', password: 'x', code: '0', uuid },
        });
        return response.statusCode;
      };
      expect([
        await attempt(first.app),
        await attempt(second.app),
        await attempt(first.app),
        await attempt(second.app),
      ]).toEqual([400, 400, 400, 400]);
      expect(await attempt(first.app)).toBe(429);
      expect(await attempt(second.app)).toBe(429);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('the account lock behind a load balancer', () => {
  it('checks at most 5 passwords of 50 sent at once to two instances', async () => {
    const first = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    const second = await secondInstance(first, { AUTH_RATE_LIMIT: '1000' });
    try {
      const captchas = await Promise.all(Array.from({ length: 50 }, () => newCaptcha(first)));
      const answers = await Promise.all(
        captchas.map((captcha, i) =>
          (i % 2 ? second.app : first.app).inject({
            method: 'POST',
            url: '/auth/login',
            payload: { username: 'admin', password: `wrong-at-once-${i}`, ...captcha },
          }),
        ),
      );
      const checked = answers.filter((answer) => answer.json().message === 'Wrong username or password');
      const locked = answers.filter((answer) => answer.statusCode === 429 && answer.json().code === 'ACCOUNT_LOCKED');
      expect(checked.length).toBeLessThanOrEqual(5);
      expect(checked.length + locked.length).toBe(50);
      expect((await loginAs(first, 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);
      first.clock.advance(LOGIN_LOCK_MS + 1);
      expect((await loginAs(first, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('an instance that handles notifications late', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof secondInstance>>;

  beforeAll(async () => {
    first = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    second = await secondInstance(first, { AUTH_RATE_LIMIT: '1000' }, { hearsLateBy: 300 });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('has dropped a signed-out session before the sign-out is answered', async () => {
    const token = await tokenOf(first);
    const info = () => second.app.inject({ method: 'GET', url: '/auth/info', headers: { authorization: token } });
    expect((await info()).statusCode).toBe(200);
    const logout = await first.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: token } });
    expect(logout.statusCode).toBe(200);
    expect((await info()).statusCode).toBe(401);
  });

  it('serves a changed dictionary as soon as the change is answered', async () => {
    const authorization = await tokenOf(first);
    const entries = async () =>
      (
        await second.app.inject({
          method: 'GET',
          url: '/api/dictDetail?dictName=dept_status',
          headers: { authorization },
        })
      ).json().content as { label: string }[];
    const [enabled] = await entries();
    const change = await first.app.inject({
      method: 'PUT',
      url: '/api/dictDetail',
      headers: { authorization },
      payload: { ...enabled, label: 'In service' },
    });
    expect(change.statusCode).toBe(204);
    expect((await entries())[0]?.label).toBe('In service');
  });
});

function infoOf(app: FastifyInstance, authorization: string) {
  return app.inject({ method: 'GET', url: '/auth/info', headers: { authorization } });
}
