import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createTestApp, DEFAULT_USER_PASSWORD, type TestApp, tokenOf } from './test-app.ts';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * The sidebar and the dropdowns, asked for again over a real connection, are answered ahead of
 * Fastify (lib/ready-reads.ts): exactly as the route answers them, and only while everything the
 * route's decision rested on still holds.
 */
describe('reads answered from memory ahead of the routes', () => {
  let t: TestApp;
  let base: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000', TRUST_PROXY: 'loopback' }, undefined, { captureLogs: true });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await tokenOf(t);
  });
  afterAll(() => t?.close());

  const get = (path: string, headers: Record<string, string>) =>
    new Promise<RawAnswer>((resolve, reject) => {
      httpRequest(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode as number, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });
  const answered = () => t.app.readyReads?.answered ?? 0;
  /** Asks twice: the first is the route's answer, the second must come from memory. */
  async function twice(path: string, headers: Record<string, string>) {
    const before = answered();
    const routed = await get(path, headers);
    const remembered = await get(path, headers);
    expect(answered() - before, `${path} ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(1);
    return { routed, remembered };
  }
  const comparable = (answer: RawAnswer) => {
    const { date: _date, 'x-request-id': _id, ...headers } = answer.headers;
    return { status: answer.status, headers, body: answer.body.toString('base64') };
  };
  const dictionary = '/api/dictDetail?dictName=user_status&page=0&size=9999';

  it('answers with the status, headers and bytes the route sends, in every encoding, 304 included', async () => {
    for (const path of ['/api/menus/build', dictionary]) {
      for (const encoding of ['gzip, deflate, br', 'gzip', 'identity']) {
        const { routed, remembered } = await twice(path, { authorization: admin, 'accept-encoding': encoding });
        expect(remembered.status).toBe(200);
        expect(comparable(remembered)).toEqual(comparable(routed));
        expect(remembered.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(remembered.headers['x-request-id']).not.toBe(routed.headers['x-request-id']);
        expect(remembered.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(remembered.headers['strict-transport-security']).toBeUndefined();

        const etag = routed.headers.etag as string;
        const held = await twice(path, { authorization: admin, 'accept-encoding': encoding, 'if-none-match': etag });
        expect(held.remembered.status).toBe(304);
        expect(held.remembered.body.length).toBe(0);
        expect(comparable(held.remembered)).toEqual(comparable(held.routed));
      }
    }
    // The menus go compressed and the short dropdown not, as the route decides.
    expect((await get('/api/menus/build', { authorization: admin, 'accept-encoding': 'br' })).headers).toMatchObject({
      'content-encoding': 'br',
    });
  });

  it('adds Strict-Transport-Security when a trusted proxy forwards an HTTPS request, as the route does', async () => {
    const { routed, remembered } = await twice(dictionary, { authorization: admin, 'x-forwarded-proto': 'https' });
    expect(routed.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(comparable(remembered)).toEqual(comparable(routed));
    const plain = await twice(dictionary, { authorization: admin, 'x-forwarded-proto': 'http' });
    expect(plain.remembered.headers['strict-transport-security']).toBeUndefined();
  });

  it('writes one access line with the answer’s request id', async () => {
    const before = answered();
    const answer = await get(dictionary, { authorization: admin });
    expect(answered()).toBe(before + 1);
    const id = answer.headers['x-request-id'] as string;
    const lines = t.logs.map((line) => JSON.parse(line)).filter((line) => line.reqId === id);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', path: dictionary, status: 200, level: 30 }),
    ]);
    expect(typeof lines[0].ms).toBe('number');
  });

  it('leaves to the route whatever it has not answered before, unsigned or wrongly signed requests included', async () => {
    const before = answered();
    expect((await get(`${dictionary}&label=`, { authorization: admin })).status).toBe(200);
    expect((await get(dictionary, {})).status).toBe(401);
    expect((await get(dictionary, { authorization: `${admin}x` })).status).toBe(401);
    expect(answered()).toBe(before);
  });

  it('sends a new answer once a dictionary or a menu changes, on this instance or another', async () => {
    const first = await twice(dictionary, { authorization: admin });
    const [entry] = JSON.parse(first.remembered.body.toString()).content;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/dictDetail',
      headers: { authorization: admin },
      payload: { ...entry, label: `${entry.label} (renamed)`, dict: { id: entry.dict.id } },
    });
    expect(renamed.statusCode, renamed.body).toBe(204);
    const after = await twice(dictionary, { authorization: admin });
    expect(after.remembered.headers.etag).not.toBe(first.remembered.headers.etag);
    expect(after.remembered.body.toString()).toContain('(renamed)');

    const menus = await twice('/api/menus/build', { authorization: admin });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/menus',
      headers: { authorization: admin },
      payload: { title: 'Remembered reads', type: 0, path: 'remembered-reads', icon: 'menu', menuSort: 99 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await get('/api/menus/build', { authorization: admin });
    expect(changed.headers.etag).not.toBe(menus.remembered.headers.etag);
    expect(changed.body.toString()).toContain('Remembered reads');
  });

  it('refuses a signed-out session, a disabled user and a user who must change their password', async () => {
    const user = await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    await twice(dictionary, { authorization: user });
    const before = answered();

    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'test'));
    await t.app.principals.invalidate();
    // Twice each: the first loads the changed user into memory, the second finds them there.
    for (const _ of [1, 2]) {
      const held = await get(dictionary, { authorization: user });
      expect(held.status).toBe(403);
      expect(JSON.parse(held.body.toString()).message).toBe('Password change required');
    }

    await t.database.db
      .update(users)
      .set({ mustChangePassword: false, enabled: false })
      .where(eq(users.username, 'test'));
    await t.app.principals.invalidate();
    for (const _ of [1, 2]) expect((await get(dictionary, { authorization: user })).status).toBe(401);
    expect(answered()).toBe(before);

    await twice(dictionary, { authorization: admin });
    const out = await t.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: admin } });
    expect(out.statusCode).toBeLessThan(300);
    const afterLogout = answered();
    expect((await get(dictionary, { authorization: admin })).status).toBe(401);
    expect(answered()).toBe(afterLogout);
    admin = await tokenOf(t);
  });

  it('lets the route write a session’s last activity once a minute, and end an expired session', async () => {
    await twice(dictionary, { authorization: admin });
    t.clock.advance(61_000);
    const before = answered();
    expect((await get(dictionary, { authorization: admin })).status).toBe(200);
    expect(answered()).toBe(before);
    expect((await get(dictionary, { authorization: admin })).status).toBe(200);
    expect(answered()).toBe(before + 1);

    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await get(dictionary, { authorization: admin })).status).toBe(401);
    expect(answered()).toBe(before + 1);
  });
});
