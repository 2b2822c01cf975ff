import { LOGIN_LOCK_MS } from '@water/contract/constants';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  DEFAULT_USER_PASSWORD,
  loginAs,
  newCaptcha,
  type TestApp,
} from '../../../test/test-app.ts';
import { verifyAgainstDummy } from '../../lib/password.ts';
import { users } from '../users/users.read-model.ts';

describe('POST auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    // Nothing the server sent during these tests may contain a password or a password hash.
    const everything = t.bodies.join('\n');
    expect(everything).not.toContain(ADMIN_PASSWORD);
    expect(everything).not.toContain(DEFAULT_USER_PASSWORD);
    expect(everything).not.toMatch(/\$argon2|\$2[aby]\$|password_?hash/i);
    await t.close();
  });

  it('answers a Bearer token and the user as API.md describes', async () => {
    const response = await loginAs(t, 'admin', ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user.roles).toEqual(['admin']);
    expect(body.user.authorities).toEqual([{ authority: 'admin' }]);
    expect(body.user.dataScopes).toEqual([]);
    expect(body.user.user).toMatchObject({
      username: 'admin',
      nickName: 'Administrator',
      enabled: true,
      dept: { name: 'R&D' },
      jobs: [{ name: 'Engineer' }],
      roles: [{ name: 'Administrator', level: 1, dataScope: '全部' }],
    });
    expect(body.user.user.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(body.user.user)).not.toContain('password');
  });

  it('signs in regardless of the username letter case', async () => {
    expect((await loginAs(t, 'ADMIN', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('gives a non-admin the permission strings of their roles’ menus', async () => {
    const response = await loginAs(t, 'test', DEFAULT_USER_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user.roles).toEqual(['dept:list', 'dict:list', 'job:list', 'user:list']);
    expect(user.user.roles).toEqual([{ id: expect.any(Number), name: 'User', level: 2, dataScope: '本级' }]);
    expect(user.dataScopes).toEqual([user.user.dept.id]);
  });

  it('answers an unknown user and a wrong password identically', async () => {
    const unknown = await loginAs(t, 'nobody-here', 'whatever-1');
    const wrong = await loginAs(t, 'test', 'not-the-password');
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Wrong username or password');
    expect(wrong.json().message).toBe('Wrong username or password');
    expect(unknown.json()).toEqual({ ...wrong.json(), timestamp: expect.any(Number) });
    expect(Object.keys(unknown.json()).sort()).toEqual(['code', 'message', 'status', 'timestamp']);
    expect(unknown.json().code).toBe('WRONG_CREDENTIALS');
  });

  // A measurement of time on a shared machine: a burst of load elsewhere may spoil one run, not three.
  // Its 90 password checks take 10 s on a quiet machine and can take more than 30 s on a busy one.
  it('spends the same time on an unknown user as on a wrong password', { retry: 2, timeout: 120_000 }, async () => {
    const time = async (username: string) => {
      // Out of the failure window each time, so that the known account never reaches the lockout.
      t.clock.advance(LOGIN_LOCK_MS + 1);
      const captcha = await newCaptcha(t);
      const start = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username, password: 'x-wrong', ...captcha },
      });
      expect(response.json().message).toBe('Wrong username or password');
      return performance.now() - start;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    // Each pair's two sign-ins run back to back, each first half of the time: the difference
    // within a pair is free of the machine growing busier or calmer over the run.
    const differences: number[] = [];
    const verifications: number[] = [];
    for (let i = 0; i < 30; i++) {
      const verifying = performance.now();
      await verifyAgainstDummy('x-wrong');
      verifications.push(performance.now() - verifying);
      if (i % 2) {
        const known = await time('admin');
        differences.push((await time(`ghost-${i}`)) - known);
      } else {
        const unknown = await time(`ghost-${i}`);
        differences.push(unknown - (await time('admin')));
      }
    }
    // Without the stand-in verification an unknown user would answer one verification sooner
    // (timed within each pair, under the same load).
    expect(Math.abs(median(differences))).toBeLessThan(0.75 * median(verifications) + 1);
    expect((await loginAs(t, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('names the missing field', async () => {
    const captcha = await newCaptcha(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { password: 'x', ...captcha },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('username: is required');
  });

  it('refuses a body that is not JSON with a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON');
  });
});

describe('account lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('locks an account for 15 minutes after 5 wrong passwords, then lets the right one in', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await loginAs(t, 'admin', `wrong-${i}`)).json().message).toBe('Wrong username or password');
    }
    const locked = await loginAs(t, 'admin', ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/locked; try again in 15 minutes/);

    t.clock.advance(LOGIN_LOCK_MS - 60_000);
    expect((await loginAs(t, 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);
    t.clock.advance(60_001);
    expect((await loginAs(t, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('resets the count after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await loginAs(t, 'admin', `wrong-${i}`);
    expect((await loginAs(t, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await loginAs(t, 'admin', `wrong-${i}`);
    expect((await loginAs(t, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('counts parallel failures without losing any', async () => {
    const captchas = await Promise.all(Array.from({ length: 5 }, () => newCaptcha(t)));
    await Promise.all(
      captchas.map((captcha) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: 'test', password: 'wrong-in-parallel', ...captcha },
        }),
      ),
    );
    expect((await loginAs(t, 'test', DEFAULT_USER_PASSWORD)).statusCode).toBe(429);
    t.clock.advance(LOGIN_LOCK_MS + 1);
  });

  it('checks at most 5 passwords of 50 sent at once, the rest answered as locked', async () => {
    const captchas = await Promise.all(Array.from({ length: 50 }, () => newCaptcha(t)));
    const answers = await Promise.all(
      captchas.map((captcha, i) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: 'test', password: `wrong-at-once-${i}`, ...captcha },
        }),
      ),
    );
    const messages = answers.map((answer) => answer.json().message as string);
    const checked = messages.filter((message) => message === 'Wrong username or password');
    const locked = answers.filter((answer) => answer.statusCode === 429 && answer.json().code === 'ACCOUNT_LOCKED');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + locked.length).toBe(50);
    expect((await loginAs(t, 'test', DEFAULT_USER_PASSWORD)).statusCode).toBe(429);
    t.clock.advance(LOGIN_LOCK_MS + 1);
    expect((await loginAs(t, 'test', DEFAULT_USER_PASSWORD)).statusCode).toBe(200);
  });

  it('signs in every one of 20 correct attempts sent at once to one account, locking nothing', async () => {
    const captchas = await Promise.all(Array.from({ length: 20 }, () => newCaptcha(t)));
    const answers = await Promise.all(
      captchas.map((captcha) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: 'test', password: DEFAULT_USER_PASSWORD, ...captcha },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect((await loginAs(t, 'test', 'still-wrong')).json().code).toBe('WRONG_CREDENTIALS');
    expect((await loginAs(t, 'test', DEFAULT_USER_PASSWORD)).statusCode).toBe(200);
  });

  it('does not count a wrong captcha as a password failure', async () => {
    for (let i = 0; i < 6; i++) {
      const captcha = await newCaptcha(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 'admin', password: 'wrong', uuid: captcha.uuid, code: 'not-a-number' },
      });
      expect(response.json().message).toBe('Captcha is wrong');
    }
    expect((await loginAs(t, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('locks unknown usernames the same way, so a lock reveals nothing', async () => {
    for (let i = 0; i < 5; i++) await loginAs(t, 'ghost', `wrong-${i}`);
    expect((await loginAs(t, 'ghost', 'anything')).statusCode).toBe(429);
  });
});

describe('per-address rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('answers 429 past AUTH_RATE_LIMIT attempts a minute', async () => {
    for (let i = 0; i < 3; i++) expect((await loginAs(t, 'ghost', 'x')).statusCode).toBe(400);
    const limited = await loginAs(t, 'admin', ADMIN_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      status: 429,
      message: expect.stringMatching(/Too many sign-in attempts/),
    });
  });

  it('behind a proxy (TRUST_PROXY=1), counts the address the proxy saw, not one the client wrote', async () => {
    // The proxy appends the address it saw; whatever comes before it, the client wrote.
    const from = (forged: string, seen: string) => ({ headers: { 'x-forwarded-for': `${forged}, ${seen}` } });
    for (let i = 0; i < 3; i++) {
      expect((await loginAs(t, 'nobody', 'x', from(`198.51.100.${i}`, '203.0.113.7'))).statusCode).toBe(400);
    }
    expect((await loginAs(t, 'nobody', 'x', from('198.51.100.9', '203.0.113.7'))).statusCode).toBe(429);
    expect((await loginAs(t, 'nobody', 'x', from('198.51.100.9', '203.0.113.8'))).statusCode).toBe(400);
  });
});

describe('password hashes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('stores argon2id hashes', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('accepts an imported bcrypt hash and replaces it with argon2id', async () => {
    await t.database.db
      .update(users)
      .set({ passwordHash: bcrypt.hashSync('Imported-pass-1', 10) })
      .where(eq(users.username, 'test'));
    expect((await loginAs(t, 'test', 'Imported-pass-1')).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'test'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await loginAs(t, 'test', 'Imported-pass-1')).statusCode).toBe(200);
  });

  it('tells a disabled user with the right password that the account is disabled', async () => {
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.username, 'test'));
    const right = await loginAs(t, 'test', 'Imported-pass-1');
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/disabled/);
    const wrong = await loginAs(t, 'test', 'nope');
    expect(wrong.json().message).toBe('Wrong username or password');
  });
});
