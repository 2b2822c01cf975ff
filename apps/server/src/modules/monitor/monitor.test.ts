import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, type TestApp, tokenOf } from '../../../test/test-app.ts';

describe('server monitor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the machine, the process and the database', async () => {
    const call = callerFor(t, await tokenOf(t));
    const response = await call('GET', '/api/monitor/server');
    expect(response.statusCode).toBe(200);
    const status = response.json();
    expect(status.system.nodeVersion).toBe(process.version);
    expect(status.cpu.cores).toBeGreaterThan(0);
    expect(status.cpu.usedPercent).toBeGreaterThanOrEqual(0);
    expect(status.cpu.usedPercent).toBeLessThanOrEqual(100);
    expect(status.memory.usedBytes).toBeLessThanOrEqual(status.memory.totalBytes);
    expect(status.disk.totalBytes).toBeGreaterThan(0);
    expect(status.database.kind).toMatch(/PostgreSQL/);
    expect(status.database.sizeBytes).toBeGreaterThan(0);
    expect(status.database.version).toMatch(/^\d+/);
  });

  it('counts and times the SQL statements the server ran', async () => {
    const call = callerFor(t, await tokenOf(t));
    await call('GET', '/api/dict?page=0&size=10');
    const stats = (await call('GET', '/api/monitor/sql')).json();
    const select = stats.find((entry: { sql: string }) => /from "sys_dict"/i.test(entry.sql));
    expect(select).toMatchObject({ count: expect.any(Number), errors: 0, lastError: null });
    expect(select.count).toBeGreaterThanOrEqual(1);
    expect(select.maxMs).toBeGreaterThanOrEqual(select.avgMs);
    expect((await call('DELETE', '/api/monitor/sql')).statusCode).toBe(200);
    const after = (await call('GET', '/api/monitor/sql')).json();
    expect(after.some((entry: { sql: string }) => /from "sys_dict"/i.test(entry.sql))).toBe(false);
  });

  it('records a failing statement as an error', async () => {
    await t.database.db.execute(sql`SELECT no_such_column FROM sys_dict`).catch(() => undefined);
    const call = callerFor(t, await tokenOf(t));
    const stats = (await call('GET', '/api/monitor/sql')).json();
    const failed = stats.find((entry: { sql: string }) => entry.sql.includes('no_such_column'));
    expect(failed).toMatchObject({ count: 1, errors: 1, lastError: expect.stringMatching(/no_such_column/) });
  });

  it('sends /druid to the console page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/druid' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/monitor/sql');
  });
});
