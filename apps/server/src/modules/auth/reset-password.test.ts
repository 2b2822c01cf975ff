import { RESET_CODE_TTL_MS } from '@water/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callerFor, createTestApp, loginAs, type TestApp, tokenOf } from '../../../test/test-app.ts';
import { users } from '../users/users.read-model.ts';

const WRONG_CODE = 'code: the verification code is wrong or has expired; ask for a new one';

describe('forgotten password', () => {
  let t: TestApp;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const codeIn = (text: string) => /code is (\d{6})/.exec(text)?.[1] as string;
  /** The code of the newest mail, once the mail (sent in the background) has arrived. */
  const mailedCode = async (count: number) => {
    await vi.waitFor(() => expect(t.mails).toHaveLength(count));
    return codeIn(t.mails.at(-1)?.text ?? '');
  };

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    await t.database.db.update(users).set({ email: 'tess@example.com' }).where(eq(users.username, 'test'));
  });
  afterAll(() => t.close());

  it('mails a code to the address of an account named by address, and says the same for an unknown one', async () => {
    const known = await post('/auth/resetPassword/code', { account: 'Tess@Example.com' });
    const unknown = await post('/auth/resetPassword/code', { account: 'nobody@example.com' });
    const unknownName = await post('/auth/resetPassword/code', { account: 'nobody' });
    for (const response of [known, unknown, unknownName]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(known.body);
    }
    await mailedCode(1);
    expect(t.mails[0]).toMatchObject({ to: 'tess@example.com', subject: 'Reset your password' });
    expect(t.mails[0]?.text).toContain('"test"');
    expect(t.mails[0]?.text).toContain('valid for 10 minutes');
    // Asking again at once sends nothing new, and answers the same.
    expect((await post('/auth/resetPassword/code', { account: 'tess@example.com' })).body).toBe(known.body);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.mails).toHaveLength(1);
  });

  it('sets the new password with the code, ends every session, and the code works once', async () => {
    const before = callerFor(t, await tokenOf(t, 'test', 'Default-pass-9'));
    const code = codeIn(t.mails[0]?.text ?? '');
    const reset = await post('/auth/resetPassword', { account: 'tess@example.com', code, password: 'Brand-new-1' });
    expect(reset.statusCode).toBe(200);
    expect((await before('GET', '/auth/info')).statusCode).toBe(401);
    expect((await loginAs(t, 'test', 'Brand-new-1')).statusCode).toBe(200);
    expect((await loginAs(t, 'test', 'Default-pass-9')).statusCode).toBe(400);
    const again = await post('/auth/resetPassword', { account: 'tess@example.com', code, password: 'Another-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WRONG_CODE);
  });

  it('finds the account by its username too, and mails the code to the account’s address', async () => {
    t.clock.advance(61_000);
    expect((await post('/auth/resetPassword/code', { account: 'TEST' })).statusCode).toBe(200);
    const code = await mailedCode(2);
    expect(t.mails.at(-1)?.to).toBe('tess@example.com');
    const reset = await post('/auth/resetPassword', { account: 'test', code, password: 'By-name-12' });
    expect(reset.statusCode).toBe(200);
    expect((await loginAs(t, 'test', 'By-name-12')).statusCode).toBe(200);
  });

  it('answers a code for another account like a wrong code', async () => {
    t.clock.advance(61_000);
    await post('/auth/resetPassword/code', { account: 'test' });
    const code = await mailedCode(3);
    const other = await post('/auth/resetPassword', { account: 'admin', code, password: 'Stolen-123' });
    expect(other.json().message).toBe(WRONG_CODE);
    const unknown = await post('/auth/resetPassword', { account: 'nobody', code, password: 'Stolen-123' });
    expect(unknown.json().message).toBe(WRONG_CODE);
  });

  it('refuses a wrong code, which also uses the code up', async () => {
    t.clock.advance(61_000);
    await post('/auth/resetPassword/code', { account: 'tess@example.com' });
    const code = await mailedCode(4);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const first = await post('/auth/resetPassword', { account: 'test', code: wrong, password: 'Whatever-1' });
    expect(first.json().message).toBe(WRONG_CODE);
    const second = await post('/auth/resetPassword', { account: 'test', code, password: 'Whatever-1' });
    expect(second.json().message).toBe(WRONG_CODE);
  });

  it('keeps a code working for 10 minutes and no longer', async () => {
    t.clock.advance(61_000);
    await post('/auth/resetPassword/code', { account: 'test' });
    const late = await mailedCode(5);
    t.clock.advance(RESET_CODE_TTL_MS + 1);
    const expired = await post('/auth/resetPassword', { account: 'test', code: late, password: 'Whatever-1' });
    expect(expired.json().message).toBe(WRONG_CODE);

    await post('/auth/resetPassword/code', { account: 'test' });
    const inTime = await mailedCode(6);
    t.clock.advance(RESET_CODE_TTL_MS - 1000);
    expect(
      (await post('/auth/resetPassword', { account: 'test', code: inTime, password: 'In-time-1' })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ account: '' }, 'account: enter a username or an e-mail address'],
    [{}, 'account: is required'],
  ])('checks the request for a code: %o', async (payload, message) => {
    expect((await post('/auth/resetPassword/code', payload)).json().message).toBe(message);
  });

  it('checks the new password', async () => {
    const response = await post('/auth/resetPassword', { account: 'test', code: '123456', password: '123' });
    expect(response.json().message).toBe('password: must have 6 to 128 characters');
  });
});

describe('forgotten password rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('limits the requests of one address per minute, for codes and for resets', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post('/auth/resetPassword/code', { account: 'nobody' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const guesses: number[] = [];
    for (let i = 0; i < 4; i++)
      guesses.push(
        (await post('/auth/resetPassword', { account: 'test', code: String(i), password: 'Guess-123' })).statusCode,
      );
    expect(guesses).toEqual([400, 400, 400, 429]);
  });
});
