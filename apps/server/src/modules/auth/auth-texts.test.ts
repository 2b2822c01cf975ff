import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, loginAs, newCaptcha, type TestApp } from '../../../test/test-app.ts';
import { users } from '../users/users.read-model.ts';

const CHINESE = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };

describe('signing in and recovering a password, in the language of the request', () => {
  let t: TestApp;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    await t.database.db.update(users).set({ email: 'tess@example.com' }).where(eq(users.username, 'test'));
  });
  afterAll(() => t.close());

  it('refuses a wrong password and a wrong captcha in Chinese, with the same codes as in English', async () => {
    const wrong = await loginAs(t, 'test', 'not-the-password', { headers: CHINESE });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CREDENTIALS', message: '用户名或密码错误' });
    const english = await loginAs(t, 'test', 'not-the-password');
    expect(english.json()).toMatchObject({ code: 'WRONG_CREDENTIALS', message: 'Wrong username or password' });

    const captcha = await newCaptcha(t);
    const payload = { username: 'test', password: 'x', uuid: captcha.uuid, code: `${captcha.code}9` };
    const wrongCaptcha = await post('/auth/login', payload, CHINESE);
    expect(wrongCaptcha.json()).toMatchObject({ code: 'CAPTCHA_WRONG', message: '验证码错误' });
    const expired = await post('/auth/login', payload, CHINESE);
    expect(expired.json()).toMatchObject({
      code: 'CAPTCHA_EXPIRED',
      message: '验证码已过期或不存在，请获取新的验证码',
    });
  });

  it('says in Chinese that an account is locked, and for how long', async () => {
    for (let attempt = 0; attempt < 5; attempt++) await loginAs(t, 'admin', 'wrong-password');
    const locked = await loginAs(t, 'admin', 'wrong-password', { headers: CHINESE });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(locked.json().message).toMatch(/^登录失败次数过多，该账号已锁定，请 15 分钟后再试$/);
  });

  it('mails the reset code in the language of the request that asked for it, and refuses a wrong code in it', async () => {
    expect((await post('/auth/resetPassword/code', { account: 'test' }, CHINESE)).statusCode).toBe(200);
    await vi.waitFor(() => expect(t.mails).toHaveLength(1));
    const mail = t.mails[0];
    expect(mail?.subject).toBe('重置密码');
    expect(mail?.text).toMatch(/^有人申请重置账号「test」的密码。验证码为 \d{6}，10 分钟内有效，仅可使用一次。/);

    const refused = await post(
      '/auth/resetPassword',
      { account: 'test', code: '000000', password: 'Brand-new-1' },
      CHINESE,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'code：验证码错误或已过期，请重新获取',
      errors: [{ field: 'code', code: 'invalid', message: '验证码错误或已过期，请重新获取' }],
    });

    t.clock.advance(61_000);
    expect((await post('/auth/resetPassword/code', { account: 'test' }, { 'accept-language': 'en' })).statusCode).toBe(
      200,
    );
    await vi.waitFor(() => expect(t.mails).toHaveLength(2));
    expect(t.mails[1]?.subject).toBe('Reset your password');
  });
});
