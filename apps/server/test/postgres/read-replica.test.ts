import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openPostgres } from '../../src/db/client.ts';
import { roleId, userBody } from '../../src/modules/users/test-fixtures.ts';
import { unique } from '../business-fixtures.ts';
import { callerFor, createTestApp, JWT_SECRET, type TestApp, tokenOf } from '../test-app.ts';
import { databaseUrl } from '../test-database.ts';

/**
 * A streaming replica of the test server (.ci/start-replica makes one on port 5433); CI sets it,
 * and this file fails rather than pass without one.
 */
const replicaBase = process.env.TEST_DATABASE_READ_URL || undefined;

/** Runs one statement on the replica's copy of the test database. */
async function onReplica<T extends pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An instance of the server on the test database, reading lists from `readUrl`. */
async function instanceReadingFrom(first: TestApp, readUrl: string) {
  const url = first.database.url;
  if (!url) throw new Error('the PostgreSQL test database exposes no url');
  const database: DatabaseHandle = await openPostgres(url, { readUrl });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', MQTT_PORT: 'off', AUTH_RATE_LIMIT: '1000' }),
    database,
    jwtSecret: JWT_SECRET,
    clock: first.clock,
    logger: false,
    scheduled: false,
  });
  await app.ready();
  return { app, close: async () => Promise.all([app.close(), database.close()]) };
}

const on = (app: FastifyInstance, token: string) => callerFor({ app } as TestApp, token);

describe('lists read from a streaming replica, with read-your-writes', () => {
  let first: TestApp;
  let replicaUrl: string;
  let reader: Awaited<ReturnType<typeof instanceReadingFrom>>;

  beforeAll(async () => {
    if (!replicaBase) return;
    first = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    replicaUrl = databaseUrl(replicaBase, new URL(first.database.url ?? '').pathname.slice(1));
    // The new test database reaches the replica with the log.
    await eventually(
      async () => (await onReplica(replicaUrl, 'SELECT 1')).length === 1,
      'the replica has the database',
    );
    reader = await instanceReadingFrom(first, replicaUrl);
  });
  afterAll(async () => {
    if (replicaBase) await onReplica(replicaUrl, 'SELECT pg_wal_replay_resume()').catch(() => {});
    await reader?.close();
    await first?.close();
  });

  it('has a replica to test against (TEST_DATABASE_READ_URL, made by .ci/start-replica)', () => {
    expect(replicaBase, 'set TEST_DATABASE_READ_URL to a streaming replica of TEST_DATABASE_URL').toBeDefined();
  });

  it('serves a list from the replica, except to the user who just wrote what it has not replayed yet', async () => {
    const admin = on(reader.app, await tokenOf(first));
    const depts = (await admin('GET', '/api/dept')).json();
    const other = userBody(depts.content[0].id, await roleId(first, 'Administrator'), { password: 'Other-pass-1' });
    expect((await admin('POST', '/api/users', other)).statusCode).toBe(201);
    const colleague = on(reader.app, await tokenOf(first, other.username, 'Other-pass-1'));

    await onReplica(replicaUrl, 'SELECT pg_wal_replay_pause()');
    await eventually(
      async () =>
        (await onReplica<{ state: string }>(replicaUrl, 'SELECT pg_get_wal_replay_pause_state() AS state'))[0]
          ?.state === 'paused',
      'the replica pauses its replay',
    );
    const name = unique('Replica job ');
    expect((await admin('POST', '/api/job', { name })).statusCode).toBe(201);
    const found = async (as: typeof admin) => (await as('GET', `/api/job?name=${encodeURIComponent(name)}`)).json();

    // The colleague's list comes from the replica, which has not replayed the new job.
    expect((await found(colleague)).totalElements).toBe(0);
    // The writer's own list waits for nothing: it comes from the primary.
    expect((await found(admin)).totalElements).toBe(1);
    const ready = await reader.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ok', replica: 'up' });

    await onReplica(replicaUrl, 'SELECT pg_wal_replay_resume()');
    await eventually(async () => (await found(colleague)).totalElements === 1, 'the colleague sees the job');
  });

  it('reads from the primary while the replica does not answer, and readiness says so', async () => {
    const unreachable = databaseUrl('postgres://console_ci:console_ci@127.0.0.1:9/', 'none');
    const lost = await instanceReadingFrom(first, unreachable);
    try {
      const admin = on(lost.app, await tokenOf(first));
      const name = unique('Primary job ');
      expect((await admin('POST', '/api/job', { name })).statusCode).toBe(201);
      expect((await admin('GET', `/api/job?name=${encodeURIComponent(name)}`)).json().totalElements).toBe(1);
      const ready = await lost.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', replica: 'down' });
    } finally {
      await lost.close();
    }
  });
});
