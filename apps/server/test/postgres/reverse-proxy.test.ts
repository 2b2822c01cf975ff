import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SESSION_ENDED_CLOSE } from '@water/contract/realtime';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { type Running, startListening, stopServer } from '../server-process.ts';
import { ADMIN_PASSWORD, DEFAULT_USER_PASSWORD, JWT_SECRET } from '../test-app.ts';
import { openTestDatabase } from '../test-database.ts';
import { type Nginx, startNginx } from './nginx.ts';

const CAPTCHA = '11';
const RATE_LIMIT = 30;

type Instance = Running & { baseUrl: string };

/** A client at another loopback address than the other tests, so that its sign-in limit is its own. */
function postFrom(localAddress: string, url: string, body: object, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json', ...headers },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

async function call(base: string, method: string, url: string, authorization?: string, body?: unknown) {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signInAttempt(base: string, username: string, password: string) {
  const { uuid } = (await (await fetch(`${base}/auth/code`)).json()) as { uuid: string };
  return call(base, 'POST', '/auth/login', undefined, { username, password, code: CAPTCHA, uuid });
}

/** Signs in and returns the `Authorization` header value. */
async function signIn(base: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const response = await signInAttempt(base, username, password);
  if (response.status !== 200) throw new Error(`sign-in failed: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The session key of a token, as the online users list shows it. */
const sessionOf = (token: string) => decodeJwt(token.replace(/^Bearer /, '')).jti as string;

/** A console's websocket: what it was told, and how it was closed. */
async function openSocket(base: string, token: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/websocket?token=${encodeURIComponent(token)}`);
  const messages: { msgType: string; msg?: string }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code, at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
  });
  return { socket, messages, closed };
}

describe('two instances behind nginx, sharing PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDirs: string[];
  let a: Instance;
  let b: Instance;
  let nginx: Nginx;

  beforeAll(async () => {
    database = await openTestDatabase(inject('template'));
    if (!database.url) throw new Error('the PostgreSQL test database exposes no url');
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'water-instance-'))));
    const env = (dataDir: string) => ({
      DATABASE_URL: database.url as string,
      JWT_SECRET,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: String(RATE_LIMIT),
    });
    [a, b] = (await Promise.all(dataDirs.map((dir) => startListening(env(dir))))) as [Instance, Instance];
    nginx = await startNginx([a.baseUrl, b.baseUrl].map((url) => new URL(url).host));
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a, b].filter(Boolean).map(stopServer));
    await database?.close();
    await Promise.all((dataDirs ?? []).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('signs in through the proxy, and the token works on both instances', async () => {
    const token = await signIn(nginx.baseUrl);
    for (const base of [a.baseUrl, b.baseUrl, nginx.baseUrl]) {
      expect((await call(base, 'GET', '/auth/info', token)).status).toBe(200);
    }
  });

  it('refuses on one instance, at the next request, a session signed out on the other', async () => {
    for (let round = 0; round < 3; round++) {
      const token = await signIn(a.baseUrl);
      expect((await call(b.baseUrl, 'GET', '/auth/info', token)).status).toBe(200);
      expect((await call(a.baseUrl, 'DELETE', '/auth/logout', token)).status).toBe(200);
      expect((await call(b.baseUrl, 'GET', '/auth/info', token)).status).toBe(401);
    }
  });

  it('refuses on one instance, at the next request, a session kicked out on the other', async () => {
    const admin = await signIn(a.baseUrl);
    for (let round = 0; round < 3; round++) {
      const victim = await signIn(b.baseUrl);
      expect((await call(b.baseUrl, 'GET', '/auth/info', victim)).status).toBe(200);
      expect((await call(a.baseUrl, 'DELETE', '/auth/online', admin, [sessionOf(victim)])).status).toBe(200);
      expect((await call(b.baseUrl, 'GET', '/auth/info', victim)).status).toBe(401);
    }
    expect((await call(b.baseUrl, 'GET', '/auth/info', admin)).status).toBe(200);
  });

  it('signs out within a second a console whose websocket is on the other instance, or behind the proxy', async () => {
    const admin = await signIn(a.baseUrl);
    const onB = await signIn(nginx.baseUrl);
    const proxied = await signIn(nginx.baseUrl);
    const sockets = [await openSocket(b.baseUrl, onB), await openSocket(nginx.baseUrl, proxied)];
    const kickedAt = Date.now();
    const kick = await call(a.baseUrl, 'DELETE', '/auth/online', admin, [sessionOf(onB), sessionOf(proxied)]);
    expect(kick.status).toBe(200);
    for (const { closed, messages } of sockets) {
      const { code, at } = await closed;
      expect(code).toBe(SESSION_ENDED_CLOSE);
      expect(at - kickedAt).toBeLessThan(1000);
      expect(messages.map((message) => message.msgType)).toEqual(['INFO', 'LOGOUT']);
    }
  });

  it('locks an account after 5 wrong passwords, however the attempts were spread over the instances', async () => {
    for (const base of [a.baseUrl, b.baseUrl, nginx.baseUrl, a.baseUrl, b.baseUrl]) {
      const attempt = await signInAttempt(base, 'test', 'wrong-password');
      expect(((await attempt.json()) as { code: string }).code).toBe('WRONG_CREDENTIALS');
    }
    for (const base of [a.baseUrl, b.baseUrl]) {
      const attempt = await signInAttempt(base, 'test', DEFAULT_USER_PASSWORD);
      expect(attempt.status).toBe(429);
      expect(((await attempt.json()) as { code: string }).code).toBe('ACCOUNT_LOCKED');
    }
  });

  it('counts the sign-in attempts of one address on every instance, whatever X-Forwarded-For it sends', async () => {
    const client = '127.0.0.2';
    const body = { username: 'ghost', password: 'x', code: CAPTCHA, uuid: 'no-such-captcha' };
    const proxy = `${nginx.baseUrl}/auth/login`;
    // Through the proxy with a forged header, and straight to each instance (from inside).
    const attempts = [
      () => postFrom(client, proxy, body, { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` }),
      () => postFrom(client, `${a.baseUrl}/auth/login`, body),
      () => postFrom(client, `${b.baseUrl}/auth/login`, body),
    ];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < RATE_LIMIT; attempt++) statuses.push(await attempts[attempt % 3]!());
    expect(statuses.every((status) => status === 400)).toBe(true);
    for (const attempt of attempts) expect(await attempt()).toBe(429);
    // Another address keeps its own allowance.
    expect(await postFrom('127.0.0.3', proxy, body)).toBe(400);
  });

  it('serves from the other instance at once a menu or dictionary changed on one', async () => {
    const admin = await signIn(a.baseUrl);
    const build = async () => JSON.stringify(await (await call(b.baseUrl, 'GET', '/api/menus/build', admin)).json());
    expect(await build()).not.toContain('Staff members');
    const { content } = (await (await call(a.baseUrl, 'GET', '/api/menus?blurry=Users', admin)).json()) as {
      content: { title: string }[];
    };
    const users = content.find((menu) => menu.title === 'Users');
    const update = await call(a.baseUrl, 'PUT', '/api/menus', admin, { ...users, title: 'Staff members' });
    expect(update.status).toBe(204);
    expect(await build()).toContain('Staff members');

    const entries = async () =>
      (
        (await (await call(b.baseUrl, 'GET', '/api/dictDetail?dictName=dept_status', admin)).json()) as {
          content: { label: string }[];
        }
      ).content;
    const [enabled] = await entries();
    expect(enabled).toMatchObject({ label: 'Enabled' });
    const change = await call(a.baseUrl, 'PUT', '/api/dictDetail', admin, { ...enabled, label: 'In service' });
    expect(change.status).toBe(204);
    expect((await entries())[0]).toMatchObject({ label: 'In service' });
  });
});
