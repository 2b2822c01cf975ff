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
});
