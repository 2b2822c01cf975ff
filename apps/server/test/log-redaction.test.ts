import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.ts';
import { deptId, roleId, userBody } from '../src/modules/users/test-fixtures.ts';
import {
  ADMIN_PASSWORD,
  callerFor,
  createTestApp,
  DEFAULT_USER_PASSWORD,
  JWT_SECRET,
  loginAs,
  type TestApp,
  tokenOf,
} from './test-app.ts';

/** The signature part of a `Bearer <jwt>` value: what must never be readable in a log line. */
const jwtOf = (bearer: string) => bearer.replace(/^Bearer /, '');

describe('secrets in the log, at the default level', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' }, undefined, { captureLogs: true });
  });
  afterAll(() => t.close());

  it('logs the websocket URL without its token', async () => {
    const token = await tokenOf(t);
    t.logs.length = 0;
    const socket = await t.app.injectWS(`/websocket?token=${encodeURIComponent(token)}`);
    socket.terminate();
    const log = t.logs.join('\n');
    expect(log).toContain('/websocket?token=[REDACTED]');
    expect(log).not.toContain(jwtOf(token));
    expect(log).not.toMatch(/Bearer/);
  });

  it('logs API calls without the secrets of their query or headers', async () => {
    const token = await tokenOf(t);
    t.logs.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/dept?access_token=${jwtOf(token)}&password=${ADMIN_PASSWORD}&secret=s3cr3t-value&code=482913&name=kept`,
      headers: { authorization: token, cookie: 'session=cookie-secret-value' },
    });
    expect(response.statusCode).toBe(200);
    const log = t.logs.join('\n');
    expect(log).toContain('access_token=[REDACTED]&password=[REDACTED]&secret=[REDACTED]&code=[REDACTED]&name=kept');
    for (const secret of [jwtOf(token), ADMIN_PASSWORD, 's3cr3t-value', '482913', 'cookie-secret-value']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('the access log', () => {
  const lines = (t: TestApp) => t.logs.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one line per request: method, path without its secrets, status, duration and request id', async () => {
    const t = await createTestApp({}, undefined, { captureLogs: true });
    try {
      const token = await tokenOf(t);
      t.logs.length = 0;
      const answers = [
        await t.app.inject({
          method: 'GET',
          url: '/api/dept?name=kept&access_token=hidden-value',
          headers: { authorization: token },
        }),
        await t.app.inject({ method: 'GET', url: '/api/dept', headers: { authorization: 'Bearer not-a-token' } }),
        await t.app.inject({ method: 'GET', url: '/auth/code' }),
        // Health probes, every few seconds, stay out of the log.
        await t.app.inject({ method: 'GET', url: '/healthz' }),
      ];
      expect(lines(t)).toEqual([
        expect.objectContaining({ method: 'GET', path: '/api/dept?name=kept&access_token=[REDACTED]', status: 200 }),
        expect.objectContaining({ method: 'GET', path: '/api/dept', status: 401 }),
        expect.objectContaining({ method: 'GET', path: '/auth/code', status: 200 }),
      ]);
      lines(t).forEach((line, i) => {
        expect(line.reqId).toBe(answers[i]?.headers['x-request-id']);
        expect(line.ms).toEqual(expect.any(Number));
        expect(line.level).toBe(30);
      });
    } finally {
      await t.close();
    }
  });

  it("writes a request's own lines with its request id", async () => {
    const t = await createTestApp({}, undefined, { captureLogs: true });
    try {
      t.logs.length = 0;
      // A websocket from a foreign page is refused with a warning written through the request's logger.
      await expect(t.app.injectWS('/websocket', { headers: { origin: 'https://elsewhere.example' } })).rejects.toThrow(
        /403/,
      );
      const warning = lines(t).find((line) => line.level === 40);
      const access = lines(t).find((line) => line.msg === 'request');
      expect(warning).toMatchObject({
        msg: 'websocket refused: origin not allowed',
        origin: 'https://elsewhere.example',
      });
      expect(access).toMatchObject({ level: 30, path: '/websocket', upgrade: 'websocket' });
      expect(warning?.reqId).toEqual(expect.any(String));
      expect(warning?.reqId).toBe(access?.reqId);
      expect(lines(t)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('is switched off with ACCESS_LOG=0', async () => {
    const t = await createTestApp({ ACCESS_LOG: '0' }, undefined, { captureLogs: true });
    try {
      t.logs.length = 0;
      expect((await t.app.inject({ method: 'GET', url: '/auth/code' })).statusCode).toBe(200);
      expect(t.logs).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the log of a broad run holds no password, hash, token or secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' }, undefined, { captureLogs: true, logLevel: 'trace' });
  });
  afterAll(() => t.close());

  it('signs in, changes and resets passwords, creates a user, fails a statement and opens the websocket', async () => {
    const passwords = [ADMIN_PASSWORD, DEFAULT_USER_PASSWORD, 'Changed-pass-77', 'Created-pass-55', 'Reset-pass-33'];
    const tokens: string[] = [];
    const admin = await tokenOf(t);
    tokens.push(admin);
    const asAdmin = callerFor(t, admin);
    expect((await loginAs(t, 'admin', 'Wrong-pass-11')).statusCode).toBe(400);
    passwords.push('Wrong-pass-11');

    // A user created with a password signs in and changes it.
    const created = userBody(await deptId(t, 'Sales'), await roleId(t, 'User'), {
      password: 'Created-pass-55',
      email: 'logged@example.com',
    });
    expect((await asAdmin('POST', '/api/users', created)).statusCode).toBe(201);
    const userToken = await tokenOf(t, created.username, 'Created-pass-55');
    tokens.push(userToken);
    const change = await callerFor(t, userToken)('POST', '/api/users/updatePass', {
      oldPass: 'Created-pass-55',
      newPass: 'Changed-pass-77',
    });
    expect(change.statusCode).toBe(200);

    // The forgotten-password flow (the code is mailed, here caught by the test mailer).
    const mailed = t.mails.length;
    await t.app.inject({ method: 'POST', url: '/auth/resetPassword/code', payload: { account: 'logged@example.com' } });
    await vi.waitFor(() => expect(t.mails.length).toBe(mailed + 1));
    const code = /code is (\d{6})/.exec(t.mails.at(-1)?.text ?? '')?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/resetPassword',
      payload: { account: 'logged@example.com', code, password: 'Reset-pass-33' },
    });
    expect(reset.statusCode).toBe(200);
    tokens.push(await tokenOf(t, created.username, 'Reset-pass-33'));

    // A statement that fails while it carries a password hash.
    await t.database.db.execute(
      sql.raw(`ALTER TABLE ${getTableName(users)} ADD CONSTRAINT refuse_new_users CHECK (id < 0) NOT VALID`),
    );
    try {
      const failing = userBody(await deptId(t, 'Sales'), await roleId(t, 'User'), { password: 'Failed-pass-99' });
      passwords.push('Failed-pass-99');
      expect((await asAdmin('POST', '/api/users', failing)).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw(`ALTER TABLE ${getTableName(users)} DROP CONSTRAINT refuse_new_users`));
    }

    // The websocket, with the token in its URL, and a token sent in a query by mistake.
    const socket = await t.app.injectWS(`/websocket?token=${encodeURIComponent(admin)}`);
    socket.terminate();
    await t.app.inject({ method: 'GET', url: `/auth/info?token=${encodeURIComponent(admin)}` });
    await t.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: admin } });

    const log = t.logs.join('\n');
    expect(log).toContain('request failed');
    expect(log).toContain('/websocket?token=[REDACTED]');
    expect(log).not.toMatch(/\$argon2|\$2[aby]\$/);
    expect(log).not.toMatch(/Bearer\s+ey/);
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(log).not.toContain(JWT_SECRET);
    for (const token of tokens) expect(log).not.toContain(jwtOf(token));
    for (const password of passwords) expect(log).not.toContain(password);
  });
});
