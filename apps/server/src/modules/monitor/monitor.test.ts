import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { formatBytes, runningFor } from './eladmin-monitor.ts';

const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('server monitor', () => {
  const ctx = useTestApp();

  it('reports the machine, the process and the database', async () => {
    const response = await ctx.admin('GET', '/api/monitor/server');
    expect(response.statusCode).toBe(200);
    const status = response.json();
    expect(status.system.nodeVersion).toBe(process.version);
    expect(status.system.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(status.system.time).toMatch(WIRE_TIME);
    expect(status.cpu.cores).toBeGreaterThan(0);
    expect(status.cpu.physicalCores).toBeGreaterThan(0);
    expect(status.cpu.physicalCores).toBeLessThanOrEqual(status.cpu.cores);
    expect(status.cpu.packages).toBeGreaterThan(0);
    expect(status.cpu.usedPercent).toBeGreaterThanOrEqual(0);
    expect(status.cpu.usedPercent).toBeLessThanOrEqual(100);
    expect(status.memory.usedBytes).toBeLessThanOrEqual(status.memory.totalBytes);
    expect(status.memory.usedBytes + status.memory.availableBytes).toBe(status.memory.totalBytes);
    expect(status.swap.usedBytes).toBeLessThanOrEqual(status.swap.totalBytes);
    expect(status.disk.totalBytes).toBeGreaterThan(0);
    expect(status.eventLoop.meanMs).toBeGreaterThanOrEqual(0);
    expect(status.eventLoop.maxMs).toBeGreaterThanOrEqual(status.eventLoop.meanMs);
    expect(status.database.kind).toMatch(/PostgreSQL/);
    expect(status.database.sizeBytes).toBeGreaterThan(0);
    expect(status.database.version).toMatch(/^\d+/);
    expect(status.database.connections).toBeGreaterThanOrEqual(1);
    expect(status.database.maxConnections).toBeGreaterThanOrEqual(1);
  });

  it("answers eladmin's api/monitor with sizes as text and shares as percentages", async () => {
    const response = await ctx.admin('GET', '/api/monitor');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['sys', 'cpu', 'memory', 'swap', 'disk', 'time']);
    expect(body.sys).toMatchObject({
      os: expect.any(String),
      ip: expect.any(String),
      day: expect.stringMatching(/小时|天/),
    });
    expect(body.cpu).toMatchObject({
      name: expect.any(String),
      package: expect.stringMatching(/^\d+个物理CPU$/),
      core: expect.stringMatching(/^\d+个物理核心$/),
      coreNumber: expect.any(Number),
      logic: expect.stringMatching(/^\d+个逻辑CPU$/),
    });
    expect(Number(body.cpu.used) + Number(body.cpu.idle)).toBeCloseTo(100, 1);
    for (const part of ['memory', 'swap', 'disk']) {
      expect(body[part]).toEqual({
        total: expect.stringMatching(/ (bytes|KiB|MiB|GiB|TiB|PiB)$/),
        used: expect.any(String),
        available: expect.any(String),
        usageRate: expect.stringMatching(/^\d+\.\d\d$/),
      });
    }
    expect(Number(body.memory.usageRate)).toBeGreaterThan(0);
    expect(body.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('keeps the figures from a user without the monitor permission', async () => {
    expect((await ctx.user('GET', '/api/monitor')).statusCode).toBe(403);
    expect((await ctx.user('GET', '/api/monitor/server')).statusCode).toBe(403);
    expect((await ctx.user('GET', '/api/monitor/sql')).statusCode).toBe(403);
    expect((await ctx.user('DELETE', '/api/monitor/sql')).statusCode).toBe(403);
  });

  it('counts and times the SQL statements the server ran, with their rows and when they last ran', async () => {
    await ctx.admin('GET', '/api/dict?page=0&size=10');
    const stats = (await ctx.admin('GET', '/api/monitor/sql')).json();
    const select = stats.find((entry: { sql: string }) => /from "sys_dict"/i.test(entry.sql));
    expect(select).toMatchObject({ count: expect.any(Number), errors: 0, lastError: null });
    expect(select.count).toBeGreaterThanOrEqual(1);
    expect(select.maxMs).toBeGreaterThanOrEqual(select.avgMs);
    // The page of the seed's four dictionaries; its count query returns one row.
    const rows = stats
      .filter((entry: { sql: string }) => /from "sys_dict"/i.test(entry.sql))
      .map((entry: { rows: number }) => entry.rows);
    expect(rows).toContain(4);
    expect(select.lastSeen).toMatch(WIRE_TIME);
    expect((await ctx.admin('DELETE', '/api/monitor/sql')).statusCode).toBe(200);
    const after = (await ctx.admin('GET', '/api/monitor/sql')).json();
    expect(after.some((entry: { sql: string }) => /from "sys_dict"/i.test(entry.sql))).toBe(false);
  });

  it('counts the rows a statement changed', async () => {
    await ctx.t.database.db.execute(sql`UPDATE sys_dict SET description = description WHERE name LIKE '%_status'`);
    const stats = (await ctx.admin('GET', '/api/monitor/sql')).json();
    const update = stats.find((entry: { sql: string }) => entry.sql.startsWith('UPDATE sys_dict SET description'));
    expect(update).toMatchObject({ count: 1, rows: 3 });
  });

  it('records a failing statement as an error', async () => {
    await ctx.t.database.db.execute(sql`SELECT no_such_column FROM sys_dict`).catch(() => undefined);
    const stats = (await ctx.admin('GET', '/api/monitor/sql')).json();
    const failed = stats.find((entry: { sql: string }) => entry.sql.includes('no_such_column'));
    expect(failed).toMatchObject({ count: 1, errors: 1, rows: 0, lastError: expect.stringMatching(/no_such_column/) });
  });

  it("answers eladmin-web's framed /druid/index.html with a page it may frame, leading to the console's SQL page", async () => {
    for (const url of ['/druid', '/druid/index.html', '/druid/sql.html?x=1']) {
      const response = await ctx.t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      expect(response.headers['content-security-policy'], url).toMatch(/frame-ancestors 'self'(;|$)/);
      expect(response.body, url).toContain('href="/monitor/sql"');
      expect(response.body, url).toContain('SQL 监控');
    }
    // Every other answer still may not be framed at all.
    const console = await ctx.t.app.inject({ method: 'GET', url: '/monitor/sql' });
    expect(console.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe("eladmin's figures", () => {
  it('writes sizes and running times the way eladmin did', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(16 * 1024 ** 3)).toBe('16.0 GiB');
    expect(runningFor(59)).toBe('0小时');
    expect(runningFor(3 * 3600 + 5)).toBe('3小时');
    expect(runningFor(2 * 86_400 + 3 * 3600)).toBe('2天3小时');
    expect(runningFor(86_400)).toBe('1天');
  });
});
