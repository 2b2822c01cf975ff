import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineCaller, stickeredMachine, toppedUpCard, unique } from '../../../test/business-fixtures.ts';
import { type Caller, createTestApp, type TestApp, useTestApp } from '../../../test/test-app.ts';
import { SMS_SIGNATURE_HEADER, smsSignature } from './sms-senders.ts';

const ALICE = '13900001111';
const BOB = '13900002222';

/**
 * Consumers signing in on the public page by phone with a code from the sandbox SMS sender, and
 * what that gives them: the member price, their own coupons (never another's), their cards.
 */
describe('consumers signed in by phone', () => {
  const ctx = useTestApp({ SMS_SANDBOX: '1', PUBLIC_RATE_LIMIT: '10000' });
  const admin: Caller = (...args) => ctx.admin(...args);
  let code: string;
  let agentId: number;

  const pub = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  /** The code the sandbox "sent" to a phone last. */
  const lastCode = async (phone: string) => {
    const inbox = (await pub('GET', `/api/public/sandbox/sms?phone=${phone}`)).json();
    return /(\d{6})/.exec(inbox.messages[0]?.text ?? '')?.[1] as string;
  };
  const signIn = async (phone: string) => {
    expect((await pub('POST', '/api/public/consumers/codes', { phone })).statusCode).toBe(204);
    const session = await pub('POST', '/api/public/consumers/sessions', { phone, code: await lastCode(phone) });
    expect(session.statusCode, session.body).toBe(200);
    return session.json().token as string;
  };

  beforeAll(async () => {
    const page = await stickeredMachine(admin, 'Consumer', { channel: 60, card: 60, member: 40, discountPct: '0' });
    ({ agentId, code } = page);
    expect((await machineCaller(ctx.t, page.machine)('POST', '/gateway/v1/heartbeat', {})).statusCode).toBe(200);
  });

  it('signs in with the code sent, and no sooner than a minute later may ask again', async () => {
    expect((await pub('POST', '/api/public/consumers/codes', { phone: ALICE })).statusCode).toBe(204);
    const sent = await lastCode(ALICE);
    expect(sent).toMatch(/^\d{6}$/);
    const tooSoon = await pub('POST', '/api/public/consumers/codes', { phone: ALICE }, { 'accept-language': 'zh-CN' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^验证码刚刚已发送，请 \d+ 秒后再试$/);
    const session = await pub('POST', '/api/public/consumers/sessions', { phone: ALICE, code: sent });
    expect(session.json()).toEqual({ token: expect.any(String), phone: '139****1111' });
    // A code is good once.
    const again = await pub('POST', '/api/public/consumers/sessions', { phone: ALICE, code: sent });
    expect(again.json()).toMatchObject({ status: 400, code: 'CODE_INVALID' });
    const me = await pub('GET', '/api/public/consumers/me', undefined, { 'x-consumer-token': session.json().token });
    expect(me.json()).toEqual({ phone: '139****1111', cards: [] });
    expect((await pub('GET', '/api/public/consumers/me')).statusCode).toBe(401);
    expect((await pub('GET', '/api/public/consumers/me', undefined, { 'x-consumer-token': 'forged' })).statusCode).toBe(
      401,
    );
    // The staff's bearer token is no consumer's.
    expect(
      (await pub('GET', '/api/public/consumers/me', undefined, { 'x-consumer-token': ctx.adminToken })).statusCode,
    ).toBe(401);
  });

  it('allows five tries of a code, then wants a new one; a code lasts five minutes', async () => {
    const phone = '13900003333';
    expect((await pub('POST', '/api/public/consumers/codes', { phone })).statusCode).toBe(204);
    const right = await lastCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const answer = await pub('POST', '/api/public/consumers/sessions', { phone, code: wrong });
      expect(answer.json()).toMatchObject({ code: 'CODE_INVALID', message: `The code is wrong: ${left} tries left` });
    }
    expect((await pub('POST', '/api/public/consumers/sessions', { phone, code: wrong })).json().message).toMatch(
      /expired or was tried too often/,
    );
    // The right code no longer opens.
    expect((await pub('POST', '/api/public/consumers/sessions', { phone, code: right })).statusCode).toBe(400);

    ctx.t.clock.advance(61_000);
    expect((await pub('POST', '/api/public/consumers/codes', { phone })).statusCode).toBe(204);
    const fresh = await lastCode(phone);
    ctx.t.clock.advance(5 * 60_000 + 1000);
    const late = await pub('POST', '/api/public/consumers/sessions', { phone, code: fresh });
    expect(late.json()).toMatchObject({ code: 'CODE_INVALID' });
    expect(late.json().message).toMatch(/expired/);
  });

  it('keeps codes hashed: the stored code is not the one sent', async () => {
    const phone = '13900004444';
    ctx.t.clock.advance(61_000);
    await pub('POST', '/api/public/consumers/codes', { phone });
    const sent = await lastCode(phone);
    const rows = (await ctx.t.database.db.execute(
      `SELECT code_hash FROM biz_consumer_code WHERE phone = '${phone}'` as never,
    )) as unknown as { rows: { code_hash: string }[] };
    expect(rows.rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0]?.code_hash).not.toContain(sent);
  });

  it('quotes and orders at the member price with a coupon the member holds, and never with another’s', async () => {
    const alice = await signIn(ALICE);
    const bob = await signIn(BOB);
    const created = await admin('POST', '/api/coupons/templates', {
      name: unique('Page coupon '),
      type: 'AMOUNT_OFF',
      value: 10,
      minSpend: 0,
      scope: 'ALL',
      issueType: 'CLAIM',
      total: 0,
      perMember: 1,
      validType: 'DAYS',
      validDays: 7,
      fundedBy: 'PLATFORM',
    });
    expect(created.statusCode, created.body).toBe(201);
    const templates = (await admin('GET', '/api/coupons/templates?size=100')).json().content;
    const templateId = templates.find((row: { issueType: string }) => row.issueType === 'CLAIM').id;
    expect((await admin('PUT', `/api/coupons/templates/${templateId}/status`, { status: 'ACTIVE' })).statusCode).toBe(
      204,
    );

    const couponsOf = async (token: string) =>
      (await pub('GET', `/api/public/machines/${code}/coupons`, undefined, { 'x-consumer-token': token })).json();
    expect((await couponsOf(alice)).claimable.map((row: { templateId: number }) => row.templateId)).toContain(
      templateId,
    );
    const claimed = await pub('POST', `/api/public/coupons/${templateId}/claim?code=${code}`, undefined, {
      'x-consumer-token': alice,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    // One per member: a second claim is refused, in the page's language.
    const again = await pub('POST', `/api/public/coupons/${templateId}/claim?code=${code}`, undefined, {
      'x-consumer-token': alice,
      'accept-language': 'zh-CN',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^该会员已持有 1 张优惠券「Page coupon .+」$/);
    const [coupon] = (await couponsOf(alice)).usable;
    expect(coupon).toMatchObject({ name: expect.stringContaining('Page coupon'), type: 'AMOUNT_OFF', value: 10 });
    expect((await couponsOf(bob)).usable).toEqual([]);
    expect((await pub('GET', `/api/public/machines/${code}/coupons`)).statusCode).toBe(401);

    const body = { tap: 1, waterType: 'COLD', ml: 1500, channel: 'CARD', couponId: coupon.id };
    const quote = await pub('POST', `/api/public/machines/${code}/quote`, body, { 'x-consumer-token': alice });
    // 40 fen a litre to members × 1.5 L = 60, the coupon takes 10.
    expect(quote.json()).toEqual({
      unitPrice: 40,
      requestedMl: 1500,
      listAmount: 60,
      discountAmount: 0,
      couponAmount: 10,
      payable: 50,
    });
    // Bob cannot use Alice's coupon, nor anyone signed out.
    const bobs = await pub('POST', `/api/public/machines/${code}/quote`, body, { 'x-consumer-token': bob });
    expect(bobs.json().errors[0]).toMatchObject({ field: 'couponId' });
    expect((await pub('POST', `/api/public/machines/${code}/quote`, body)).json().errors[0]).toMatchObject({
      field: 'couponId',
    });

    const card = await toppedUpCard(admin, agentId, 500, { phone: ALICE });
    const made = await pub(
      'POST',
      `/api/public/machines/${code}/orders`,
      { ...body, card: { cardNo: card.cardNo, cardSecret: card.cardSecret } },
      { 'x-consumer-token': alice },
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ payable: 50, payment: null });
    const followed = (
      await pub('GET', `/api/public/orders/${made.json().orderNo}`, undefined, {
        'x-order-token': made.json().accessToken,
      })
    ).json();
    expect(followed).toMatchObject({ state: 'PAID', unitPrice: 40, couponAmount: 10, payable: 50, paid: 50 });
    const me = (await pub('GET', '/api/public/consumers/me', undefined, { 'x-consumer-token': alice })).json();
    expect(me.cards).toEqual([{ cardNo: expect.stringMatching(/^\d{4}\*{8}\d{4}$/), balance: 450 }]);
    // Used once: the coupon is no longer offered.
    expect((await couponsOf(alice)).usable).toEqual([]);
  });
});

describe('codes sent through the SMS webhook', () => {
  const SECRET = 'an-sms-webhook-secret-for-the-tests-0123456789';
  let t: TestApp;
  let received: { headers: IncomingHttpHeaders; body: string }[];
  let answer = 200;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answer).end();
    });
  });

  beforeAll(async () => {
    received = [];
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`,
      SMS_WEBHOOK_SECRET: SECRET,
      PUBLIC_RATE_LIMIT: '10000',
    });
  });
  afterAll(async () => {
    await t?.close();
    server.close();
  });

  it('posts the code signed with the shared secret; no sandbox inbox exists then', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/public/consumers/codes',
      payload: { phone: ALICE },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const [message] = received;
    expect(JSON.parse(message?.body ?? '{}')).toEqual({ phone: ALICE, text: expect.stringMatching(/验证码为 \d{6}/) });
    const signature = String(message?.headers[SMS_SIGNATURE_HEADER]);
    const at = Number(/^t=(\d+),/.exec(signature)?.[1]);
    expect(signature).toBe(smsSignature(SECRET, at, message?.body ?? ''));
    expect(signature).not.toBe(smsSignature('another-secret-of-the-same-length-0123456789', at, message?.body ?? ''));
    expect((await t.app.inject({ method: 'GET', url: `/api/public/sandbox/sms?phone=${ALICE}` })).statusCode).toBe(404);
  });

  it('says so when the gateway refuses, and lets the consumer ask again at once', async () => {
    answer = 500;
    const phone = '13900005555';
    const refused = await t.app.inject({ method: 'POST', url: '/api/public/consumers/codes', payload: { phone } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'UNAVAILABLE' });
    answer = 200;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/public/consumers/codes', payload: { phone } })).statusCode,
    ).toBe(204);
  });
});

describe('the public page’s rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_RATE_LIMIT: '3' });
  });
  afterAll(() => t?.close());

  it('limits each address, and each machine whoever asks, in the consumer’s language', async () => {
    const quote = (code: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/machines/${code}/quote`,
        payload: { tap: 1, waterType: 'COLD', ml: 500, channel: 'WECHAT' },
        headers: { 'accept-language': 'zh-CN' },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await quote('CODEA', '10.0.0.1')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    // Another address asking about the same machine is held back too; about another machine, not.
    const sameMachine = await quote('CODEA', '10.0.0.2');
    expect(sameMachine.statusCode).toBe(429);
    expect(sameMachine.json()).toMatchObject({ code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' });
    expect((await quote('CODEB', '10.0.0.3')).statusCode).toBe(404);
  });
});
