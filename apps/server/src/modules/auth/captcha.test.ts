import { CAPTCHA_TTL_MS, SESSION_TTL_MS } from '@water/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, newCaptcha, type TestApp, tokenOf } from '../../../test/test-app.ts';
import { sessions } from '../../domain/identity.schema.ts';
import { captchas } from './auth.schema.ts';
import { arithmeticQuestion } from './captcha.ts';

describe('arithmetic questions', () => {
  it('asks a sum, difference or product whose stated answer is right', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const { question, answer } = arithmeticQuestion();
      const match = /^(\d) ([+\-x]) (\d) = \?$/.exec(question);
      expect(match, question).not.toBeNull();
      const [, a, operator, b] = match as unknown as [string, string, string, string];
      const expected = operator === '+' ? +a + +b : operator === '-' ? +a - +b : +a * +b;
      expect(answer).toBe(String(expected));
      expect(expected).toBeGreaterThanOrEqual(0);
      seen.add(operator);
    }
    expect([...seen].sort()).toEqual(['+', '-', 'x']);
  });
});

describe('GET auth/code and the captcha rules of sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (captcha: { uuid: string; code: string }, password = ADMIN_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'admin', password, ...captcha } });

  it('answers an SVG picture and a captcha_code uuid, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/code' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['img', 'uuid']);
    expect(body.uuid).toMatch(/^captcha_code:[0-9a-f]{32}$/);
    expect(body.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.img.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*width="111" height="36"/);
    expect(svg).not.toMatch(/<script|<text/);
  });

  it('refuses a wrong answer with "Captcha is wrong", and the captcha is gone afterwards', async () => {
    const captcha = await newCaptcha(t);
    const wrong = await login({ uuid: captcha.uuid, code: String(Number(captcha.code) + 1) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 400, message: 'Captcha is wrong' });
    const retry = await login(captcha);
    expect(retry.statusCode).toBe(400);
    expect(retry.json().message).toBe('The captcha has expired or does not exist; get a new one');
  });

  it('accepts the right answer once only', async () => {
    const captcha = await newCaptcha(t);
    expect((await login(captcha)).statusCode).toBe(200);
    const reused = await login(captcha);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/expired or does not exist/);
  });

  it('expires after two minutes', async () => {
    const fresh = await newCaptcha(t);
    t.clock.advance(CAPTCHA_TTL_MS - 1000);
    expect((await login(fresh)).statusCode).toBe(200);
    const stale = await newCaptcha(t);
    t.clock.advance(CAPTCHA_TTL_MS + 1);
    const response = await login(stale);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired or does not exist/);
  });

  it('removes every minute the captchas and sessions that expired unused, and keeps the live ones', async () => {
    const { db } = t.database;
    const expiring = await newCaptcha(t);
    await t.app.inject({ method: 'GET', url: '/auth/code' });
    const staleSession = await tokenOf(t);
    const captchasBefore = await db.$count(captchas);
    const sessionsBefore = await db.$count(sessions);
    t.clock.advance(SESSION_TTL_MS + 1);
    const live = await newCaptcha(t);
    const liveSession = await tokenOf(t);
    // Nothing is swept while questions are asked or sessions begin…
    expect(await db.$count(captchas)).toBe(captchasBefore + 1);
    expect(await db.$count(sessions)).toBe(sessionsBefore + 1);
    // …but by the scheduled job, which leaves what is still alive.
    expect(await t.app.scheduler.run('purge-expired-sign-ins')).toBe(true);
    expect(await db.$count(captchas)).toBe(1);
    expect(await db.$count(sessions)).toBe(1);
    expect((await login(expiring)).json().message).toMatch(/expired or does not exist/);
    expect((await login(live)).statusCode).toBe(200);
    const info = (token: string) =>
      t.app.inject({ method: 'GET', url: '/auth/info', headers: { authorization: token } });
    expect((await info(staleSession)).statusCode).toBe(401);
    expect((await info(liveSession)).statusCode).toBe(200);
  });

  it('refuses an unknown uuid', async () => {
    const response = await login({ uuid: 'captcha_code:00000000000000000000000000000000', code: '1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired or does not exist/);
  });
});

describe('CAPTCHA_TEST_ANSWER', () => {
  it('makes every captcha answerable with the configured value', async () => {
    const t = await createTestApp({ CAPTCHA_TEST_ANSWER: '4242' });
    try {
      const { uuid } = (await t.app.inject({ method: 'GET', url: '/auth/code' })).json();
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 'admin', password: ADMIN_PASSWORD, code: '4242', uuid },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
