import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EMAIL_CODE_TTL_MS } from '@water/contract/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, loginAs, type TestApp, tokenOf } from '../../../test/test-app.ts';
import { verifyCodes } from '../../domain/identity.schema.ts';
import { deptId, roleId, userBody, userRow } from './test-fixtures.ts';

const PASSWORD = 'Passw0rd-1';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);

function multipart(field: string, filename: string, content: Buffer, type = 'image/png') {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('personal center API', () => {
  let t: TestApp;
  let dataDir: string;
  let call: ReturnType<typeof callerFor>;

  /** A new user with a known password, signed in: its id, username and token. */
  const newUser = async () => {
    const body = userBody(await deptId(t, 'Sales'), await roleId(t, 'User'), { password: PASSWORD });
    expect((await call('POST', '/api/users', body)).statusCode).toBe(201);
    const token = await tokenOf(t, body.username, PASSWORD);
    return { ...body, id: (await userRow(t, body.username)).id, token, as: callerFor(t, token) };
  };

  const upload = (token: string, file: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/updateAvatar',
      headers: { authorization: token, ...file.headers },
      payload: file.payload,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-console-center-'));
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000', DATA_DIR: dataDir });
    call = callerFor(t, await tokenOf(t));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('profile', () => {
    it('updates one’s own nickname, gender and phone: 204', async () => {
      const user = await newUser();
      const response = await user.as('PUT', '/api/users/center', {
        id: user.id,
        nickName: 'New name',
        gender: '男',
        phone: '13600000000',
      });
      expect(response.statusCode).toBe(204);
      expect(await userRow(t, user.username)).toMatchObject({
        nickName: 'New name',
        gender: '男',
        phone: '13600000000',
      });
    });

    it('refuses another user’s profile with 403', async () => {
      const user = await newUser();
      const other = await newUser();
      const response = await user.as('PUT', '/api/users/center', { id: other.id, nickName: 'Hijacked' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You can only change your own profile');
      expect((await userRow(t, other.username)).nickName).not.toBe('Hijacked');
    });

    it('validates the fields', async () => {
      const user = await newUser();
      const phone = await user.as('PUT', '/api/users/center', { id: user.id, nickName: 'x', phone: '123' });
      expect(phone.json()).toMatchObject({ status: 400, message: 'phone: must be 11 digits starting with 1' });
      const nick = await user.as('PUT', '/api/users/center', { id: user.id });
      expect(nick.json()).toMatchObject({ status: 400, message: 'nickName: is required' });
    });
  });

  describe('password', () => {
    it('refuses a wrong current password, a short new one and the same one', async () => {
      const user = await newUser();
      const change = (oldPass: string, newPass: string) =>
        user.as('POST', '/api/users/updatePass', { oldPass, newPass });
      expect((await change('wrong-password', 'Another-1')).json()).toMatchObject({
        status: 400,
        message: 'oldPass: the current password is wrong',
      });
      expect((await change(PASSWORD, '12345')).json()).toMatchObject({
        status: 400,
        message: 'newPass: must have 6 to 128 characters',
      });
      expect((await change(PASSWORD, PASSWORD)).json()).toMatchObject({
        status: 400,
        message: 'newPass: must differ from the current password',
      });
    });

    it('changes it, keeps this session and ends the others (also at the eladmin path with a slash)', async () => {
      const user = await newUser();
      const other = callerFor(t, await tokenOf(t, user.username, PASSWORD));
      const response = await user.as('POST', '/api/users/updatePass/', { oldPass: PASSWORD, newPass: 'Brand-new-1' });
      expect(response.statusCode).toBe(200);
      expect((await user.as('GET', '/auth/info')).statusCode).toBe(200);
      expect((await other('GET', '/auth/info')).statusCode).toBe(401);
      expect((await loginAs(t, user.username, PASSWORD)).statusCode).toBe(400);
      expect((await loginAs(t, user.username, 'Brand-new-1')).statusCode).toBe(200);
      expect((await userRow(t, user.username)).pwdResetTime).not.toBeNull();
    });
  });

  describe('avatar', () => {
    it('stores a png under a server-made name and serves it with its sniffed type', async () => {
      const user = await newUser();
      const response = await upload(user.token, multipart('avatar', '../../evil.png', PNG));
      expect(response.statusCode).toBe(200);
      const { avatar } = response.json();
      expect(avatar).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(await readdir(path.join(dataDir, 'avatar'))).toContain(avatar);
      expect(await userRow(t, user.username)).toMatchObject({ avatarName: avatar, avatarPath: `/avatar/${avatar}` });

      const served = await t.app.inject({ method: 'GET', url: `/avatar/${avatar}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG)).toBe(true);
    });

    it('accepts a cropped blob without extension, and removes the avatar it replaces', async () => {
      const user = await newUser();
      const first = (await upload(user.token, multipart('avatar', 'avatar.png', PNG))).json().avatar;
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
      const second = await upload(user.token, multipart('avatar', 'blob', jpeg, 'application/octet-stream'));
      expect(second.statusCode).toBe(200);
      expect(second.json().avatar).toMatch(/\.jpg$/);
      const files = await readdir(path.join(dataDir, 'avatar'));
      expect(files).not.toContain(first);
      const served = await t.app.inject({ method: 'GET', url: `/avatar/${second.json().avatar}` });
      expect(served.headers['content-type']).toBe('image/jpeg');
    });

    it('refuses content that is not an image whatever its name, other extensions and other fields', async () => {
      const user = await newUser();
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const disguised = await upload(user.token, multipart('avatar', 'photo.png', html));
      expect(disguised.json()).toMatchObject({
        status: 400,
        message: 'avatar: the file is not a gif, jpeg or png image',
      });
      const webp = await upload(user.token, multipart('avatar', 'photo.webp', Buffer.from('RIFF....WEBPVP8 ')));
      expect(webp.json()).toMatchObject({
        status: 400,
        message: 'avatar: only gif, jpg, jpeg, png files are accepted',
      });
      const field = await upload(user.token, multipart('file', 'photo.png', PNG));
      expect(field.json()).toMatchObject({ status: 400, message: 'avatar: is required' });
      const json = await user.as('POST', '/api/users/updateAvatar', { avatar: 'x' });
      expect(json.statusCode).toBe(400);
    });

    it('refuses an image whose name claims an active type or another image type, storing nothing', async () => {
      const user = await newUser();
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      const before = await readdir(path.join(dataDir, 'avatar')).catch(() => []);
      for (const [filename, content, message] of [
        ['photo.svg', PNG, 'avatar: "photo.svg" is refused: .svg files are not accepted, whatever they contain'],
        ['cat.html', gif, 'avatar: "cat.html" is refused: .html files are not accepted, whatever they contain'],
        ['me.png.html', PNG, 'avatar: "me.png.html" is refused: .html files are not accepted, whatever they contain'],
        ['me.jpg', PNG, 'avatar: "me.jpg" is refused: its content is a .png file, not the .jpg its name says'],
      ] as const) {
        const response = await upload(user.token, multipart('avatar', filename, content));
        expect(response.json(), filename).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message });
      }
      expect(await readdir(path.join(dataDir, 'avatar')).catch(() => [])).toEqual(before);
      expect(await userRow(t, user.username)).toMatchObject({ avatarName: null });
    });

    it('answers 413 above 5 MB', async () => {
      const user = await newUser();
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const response = await upload(user.token, multipart('avatar', 'big.png', big));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ status: 413, message: 'The upload is too large' });
    });

    it('serves nothing but stored avatar names', async () => {
      await writeFile(path.join(dataDir, 'secret.txt'), 'secret');
      for (const url of [
        '/avatar/..%2Fsecret.txt',
        '/avatar/%2E%2E%2Fsecret.txt',
        '/avatar/secret.txt',
        `/avatar/${'0'.repeat(32)}.png`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('secret');
      }
    });
  });

  describe('e-mail address', () => {
    const codeFor = async (email: string) => {
      const [row] = await t.database.db
        .select({ code: verifyCodes.code })
        .from(verifyCodes)
        .where(and(eq(verifyCodes.scene, 'email'), eq(verifyCodes.target, email.toLowerCase())));
      return row?.code;
    };

    it('changes it with the code sent to the new address, which never appears in a response', async () => {
      const user = await newUser();
      const email = `New.${user.username}@example.com`;
      const sent = await user.as('POST', `/api/code/email/resetEmail?email=${encodeURIComponent(email)}`);
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toBe('');
      const code = await codeFor(email);
      expect(code).toMatch(/^\d{6}$/);
      expect(t.bodies.some((body) => body.includes(code as string))).toBe(false);

      const wrongPassword = await user.as('POST', `/api/users/updateEmail/${code}`, { password: 'nope-nope', email });
      expect(wrongPassword.json()).toMatchObject({ status: 400, message: 'password: the password is wrong' });
      const response = await user.as('POST', `/api/users/updateEmail/${code}`, { password: PASSWORD, email });
      expect(response.statusCode).toBe(200);
      expect((await userRow(t, user.username)).email).toBe(email);
      // Single use.
      const again = await user.as('POST', `/api/users/updateEmail/${code}`, { password: PASSWORD, email });
      expect(again.json().message).toMatch(/^code: /);
    });

    it('refuses a wrong code (which uses it up), an expired one and an address already taken', async () => {
      const user = await newUser();
      const email = `second.${user.username}@example.com`;
      await user.as('POST', `/api/code/resetEmail?email=${encodeURIComponent(email)}`);
      const code = (await codeFor(email)) as string;
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await user.as('POST', `/api/users/updateEmail/${wrong}`, { password: PASSWORD, email });
      expect(bad.json()).toMatchObject({ status: 400, message: expect.stringMatching(/^code: /) });
      expect(await codeFor(email)).toBeUndefined();

      t.clock.advance(61_000);
      await user.as('POST', `/api/code/email/resetEmail?email=${encodeURIComponent(email)}`);
      const fresh = (await codeFor(email)) as string;
      t.clock.advance(EMAIL_CODE_TTL_MS + 1);
      const late = await user.as('POST', `/api/users/updateEmail/${fresh}`, { password: PASSWORD, email });
      expect(late.json().message).toMatch(/^code: /);

      const other = await newUser();
      const taken = await user.as('POST', `/api/code/email/resetEmail?email=${encodeURIComponent(other.email)}`);
      expect(taken.json()).toMatchObject({ status: 400, message: expect.stringMatching(/^email: .* already used/) });
      const invalid = await user.as('POST', '/api/code/email/resetEmail?email=nope');
      expect(invalid.json()).toMatchObject({ status: 400, message: expect.stringMatching(/^email: /) });
    });

    it('sends at most one code a minute to an address', async () => {
      const user = await newUser();
      const url = `/api/code/email/resetEmail?email=${encodeURIComponent(`third.${user.username}@example.com`)}`;
      expect((await user.as('POST', url)).statusCode).toBe(200);
      expect((await user.as('POST', url)).statusCode).toBe(429);
      t.clock.advance(61_000);
      expect((await user.as('POST', url)).statusCode).toBe(200);
    });
  });
});
