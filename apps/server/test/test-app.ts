import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { captchas } from '../src/db/schema.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import type { Clock } from '../src/lib/time.ts';
import { openTestDatabase } from './test-database.ts';

export const ADMIN_PASSWORD = 'Admin-test-password-1';
export const DEFAULT_USER_PASSWORD = 'Default-pass-9';
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  #now = Date.now();
  now() {
    return new Date(this.#now);
  }
  advance(ms: number) {
    this.#now += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** Every response body the app sent, to check that nothing secret ever leaves it. */
  bodies: string[];
  /** Every mail the app sent. */
  mails: Mail[];
  /** Every log line the app wrote, when asked for (`captureLogs`, at `logLevel`, `info` unless told). */
  logs: string[];
  /** `url` is set in PostgreSQL mode, for tests that open a second connection. */
  database: DatabaseHandle & { url?: string };
  clock: TestClock;
  close(): Promise<void>;
}

/** The real app on its own fresh copy of the seeded database. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => Promise<void> | void,
  options: {
    captureLogs?: boolean;
    logLevel?: string;
    onRoute?: AppOptions['onRoute'];
    /** Parts of the app a test replaces (the public page's payment starter, its SMS sender). */
    app?: Pick<AppOptions, 'paymentStarter' | 'sms'>;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEFAULT_USER_PASSWORD,
    // Test apps run side by side: the MQTT tests ask for a broker on a port of their own (0).
    MQTT_PORT: 'off',
    ...env,
  });
  const database = await openTestDatabase(inject('template'));
  const clock = new TestClock();
  const mails: Mail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      mails.push(mail);
    },
  };
  const logs: string[] = [];
  const logger = options.captureLogs
    ? { level: options.logLevel ?? 'info', stream: { write: (line: string) => logs.push(line) } }
    : false;
  const app = await buildApp({
    config,
    database,
    jwtSecret: JWT_SECRET,
    clock,
    logger,
    mailer,
    scheduled: false,
    onRoute: options.onRoute,
    ...options.app,
  });
  const bodies: string[] = [];
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) bodies.push(payload.toString());
    return payload;
  });
  await beforeReady?.(app);
  await app.ready();
  return {
    app,
    bodies,
    mails,
    logs,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The answer of a captcha, read where the server keeps it (the test stands in for the person reading the picture). */
export async function captchaAnswer(database: DatabaseHandle, uuid: string): Promise<string> {
  const [row] = await database.db.select().from(captchas).where(eq(captchas.uuid, uuid));
  if (!row) throw new Error(`no captcha ${uuid}`);
  return row.answer;
}

export async function newCaptcha(t: TestApp): Promise<{ uuid: string; code: string }> {
  const response = await t.app.inject({ method: 'GET', url: '/auth/code' });
  const { uuid } = response.json() as { uuid: string };
  return { uuid, code: await captchaAnswer(t.database, uuid) };
}

export async function loginAs(t: TestApp, username: string, password: string, extra: Partial<InjectOptions> = {}) {
  const captcha = await newCaptcha(t);
  return t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password, ...captcha },
    ...extra,
  });
}

/** Signs in and returns the `Authorization` header value. */
export async function tokenOf(t: TestApp, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const response = await loginAs(t, username, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return (response.json() as { token: string }).token;
}

/**
 * The body of a refused form whose first refused field is the one `message` names
 * (`'name: is required'`): the readable line for old clients and the typed field errors.
 */
export function refusedField(message: string, status = 400) {
  const [field = '', ...reason] = message.split(': ');
  return {
    status,
    message,
    timestamp: expect.any(Number),
    code: status === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED',
    errors: expect.arrayContaining([expect.objectContaining({ field, message: reason.join(': ') })]),
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A shorthand for calls made with one user's token: `call('PUT', '/api/x', body)`. */
export function callerFor(t: TestApp, authorization: string) {
  return (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, authorization },
      ...(payload === undefined ? {} : { payload }),
    });
}

export type Caller = ReturnType<typeof callerFor>;

export interface SignedInTestApp {
  t: TestApp;
  /** The administrator's `Authorization` header value, for calls `admin` cannot make (uploads). */
  adminToken: string;
  /** Calls as the administrator. */
  admin: Caller;
  /** Calls as the demo user `test` (role User). */
  user: Caller;
}

/**
 * The app of a test file, on its own database, with the administrator and the demo user signed
 * in: registers its own set-up and tear-down. Read the fields inside tests, once set up. `env`
 * may be read at set-up (a function), when it depends on an earlier set-up (a broker's port).
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  app?: Pick<AppOptions, 'paymentStarter' | 'sms'>,
): SignedInTestApp {
  const context = {} as SignedInTestApp;
  beforeAll(async () => {
    context.t = await createTestApp(
      { AUTH_RATE_LIMIT: '1000', ...(typeof env === 'function' ? env() : env) },
      undefined,
      { app },
    );
    context.adminToken = await tokenOf(context.t);
    context.admin = callerFor(context.t, context.adminToken);
    context.user = callerFor(context.t, await tokenOf(context.t, 'test', DEFAULT_USER_PASSWORD));
  });
  afterAll(() => context.t?.close());
  return context;
}
