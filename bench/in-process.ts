/**
 * What the in-process benchmarks share: a seeded embedded database, the app built on it (without
 * a log) and the administrator's token.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openPglite } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';

const ADMIN_PASSWORD = 'bench-password-1';
const CAPTCHA = '1';

/** A fresh in-memory database, seeded as on a first start. */
export async function seededDatabase(): Promise<DatabaseHandle> {
  const database = await openPglite({});
  await seedDatabase(database.db, { adminPassword: ADMIN_PASSWORD, seedDemo: false, defaultUserPassword: '123456' });
  return database;
}

/** The app on `database`, with `beforeReady` adding its routes, and the administrator signed in. */
export async function signedInApp(
  database: DatabaseHandle,
  beforeReady?: (app: FastifyInstance) => Promise<void> | void,
): Promise<{ app: FastifyInstance; authorization: string }> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', MQTT_PORT: 'off', CAPTCHA_TEST_ANSWER: CAPTCHA, AUTH_RATE_LIMIT: '100000' }),
    database,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    logger: false,
  });
  await beforeReady?.(app);
  await app.ready();
  const { uuid } = (await app.inject({ method: 'GET', url: '/auth/code' })).json();
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD, code: CAPTCHA, uuid },
  });
  return { app, authorization: login.json().token as string };
}
