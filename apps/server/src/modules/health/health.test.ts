import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createHealthService } from './health.service.ts';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { captureLogs: true });
  });
  afterAll(() => t?.close());

  const probe = (url: string) => t.app.inject({ method: 'GET', url });
  const statementsRun = () => t.database.stats.snapshot().reduce((sum, entry) => sum + entry.count, 0);
  const unavailableBody = {
    status: 503,
    message: 'The service is not ready; try again shortly',
    timestamp: expect.any(Number),
    code: 'UNAVAILABLE',
  };

  it('/healthz answers 200 without a token and without touching the database', async () => {
    const before = statementsRun();
    const response = await probe('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
    expect(statementsRun()).toBe(before);
  });

  it('/readyz answers 200 without a token when the database is migrated, and leaves no log line', async () => {
    const logsBefore = t.logs.length;
    const response = await probe('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(t.logs.slice(logsBefore)).toEqual([]);
  });

  it('/readyz answers 503 while the newest migration of this build is not applied', async () => {
    const latest = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;
    await t.database.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = ${latest}`,
    );
    try {
      const response = await probe('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailableBody);
    } finally {
      await t.database.db.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = ${latest}`,
      );
    }
    expect((await probe('/readyz')).statusCode).toBe(200);
  });

  it('/readyz answers 503 when the database fails, without a word of why in the answer or the log', async () => {
    const logsBefore = t.logs.length;
    await t.database.db.execute(sql`ALTER TABLE drizzle.__drizzle_migrations RENAME TO moved_away`);
    try {
      const response = await probe('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailableBody);
      expect((await probe('/healthz')).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE drizzle.moved_away RENAME TO __drizzle_migrations`);
    }
    expect(t.logs.slice(logsBefore).join('\n')).not.toMatch(/migrations|moved_away|relation/);
    expect((await probe('/readyz')).statusCode).toBe(200);
  });

  it('says not ready when the database does not answer within its time limit', async () => {
    const silent = { execute: () => new Promise(() => {}) } as unknown as TestApp['database']['db'];
    const service = createHealthService({ db: silent }, { timeoutMs: 50 });
    const started = Date.now();
    await expect(service.ready()).rejects.toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('are in the API reference as public calls', async () => {
    const spec = (await probe('/doc/json')).json() as { paths: Record<string, { get?: { security?: unknown[] } }> };
    expect(spec.paths['/healthz']?.get?.security).toEqual([]);
    expect(spec.paths['/readyz']?.get?.security).toEqual([]);
  });
});
