import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, loginAs, type TestApp, tokenOf } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';

describe('forgotten password', () => {
  let t: TestApp;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const codeIn = (text: string) => /code is (\d{6})/.exec(text)?.[1] as string;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    await t.database.db.update(users).set({ email: 'tess@example.com' }).where(eq(users.username, 'test'));
  });
  afterAll(() => t.close());

  it('mails a code to the address of an account, and says the same for an unknown address', async () => {
    const known = await post('/auth/resetPassword/code', { email: 'Tess@Example.com' });
    const unknown = await post('/auth/resetPassword/code', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]).toMatchObject({ to: 'tess@example.com', subject: 'Reset your password' });
    expect(t.mails[0]?.text).toContain('"test"');
    // Asking again at once sends nothing new, and answers the same.
    expect((await post('/auth/resetPassword/code', { email: 'tess@example.com' })).statusCode).toBe(200);
    expect(t.mails).toHaveLength(1);
  });

  it('sets the new password with the code, ends every session, and the code works once', async () => {
    const before = callerFor(t, await tokenOf(t, 'test', 'Default-pass-9'));
    const code = codeIn(t.mails[0]?.text ?? '');
    const reset = await post('/auth/resetPassword', { email: 'tess@example.com', code, password: 'Brand-new-1' });
    expect(reset.statusCode).toBe(200);
    expect((await before('GET', '/auth/info')).statusCode).toBe(401);
    expect((await loginAs(t, 'test', 'Brand-new-1')).statusCode).toBe(200);
    expect((await loginAs(t, 'test', 'Default-pass-9')).statusCode).toBe(400);
    const again = await post('/auth/resetPassword', { email: 'tess@example.com', code, password: 'Another-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('code: the verification code is wrong or has expired; ask for a new one');
  });

  it('refuses a wrong code, which also uses the code up', async () => {
    t.clock.advance(61_000);
    await post('/auth/resetPassword/code', { email: 'tess@example.com' });
    const code = codeIn(t.mails.at(-1)?.text ?? '');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await post('/auth/resetPassword', { email: 'tess@example.com', code: wrong, password: 'Whatever-1' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/auth/resetPassword', { email: 'tess@example.com', code, password: 'Whatever-1' })).statusCode,
    ).toBe(400);
  });

  it('refuses an expired code', async () => {
    t.clock.advance(61_000);
    await post('/auth/resetPassword/code', { email: 'tess@example.com' });
    const code = codeIn(t.mails.at(-1)?.text ?? '');
    t.clock.advance(5 * 60_000 + 1);
    expect(
      (await post('/auth/resetPassword', { email: 'tess@example.com', code, password: 'Whatever-1' })).statusCode,
    ).toBe(400);
  });

  it.each([
    [{ email: 'not-an-address' }, 'email: must be a valid e-mail address'],
    [{}, 'email: is required'],
  ])('checks the request for a code: %o', async (payload, message) => {
    expect((await post('/auth/resetPassword/code', payload)).json().message).toBe(message);
  });

  it('checks the new password', async () => {
    const response = await post('/auth/resetPassword', { email: 'tess@example.com', code: '123456', password: '123' });
    expect(response.json().message).toBe('password: must have 6 to 128 characters');
  });
});
