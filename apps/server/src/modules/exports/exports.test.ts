import { EXPORT_SYNC_MAX } from '@water/contract/exports';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffOf } from '../../../test/business-fixtures.ts';
import { type Caller, callerFor, DEFAULT_USER_PASSWORD, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { formatDay } from '../../lib/time.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { type BackfilledBusiness, backfill } from '../../simulator/backfill.ts';
import { users } from '../users/users.read-model.ts';
import { exportJobs } from './exports.schema.ts';

describe('orders exported in the background', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let business: BackfilledBusiness;
  let range: string;

  /** The caller's export once it has finished (or failed). */
  const finished = async (as: Caller, id: number) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const job = (await as('GET', '/api/exports')).json().find((candidate: { id: number }) => candidate.id === id);
      if (job && (job.status === 'DONE' || job.status === 'FAILED')) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} did not finish`);
  };

  beforeAll(async () => {
    // 54,000 orders over the last 30 days: more than a download answers at once.
    business = await backfill(ctx.t.database.db, {
      machines: 12,
      days: 30,
      perDay: 150,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const now = ctx.t.clock.now();
    range = `createTime=${formatDay(new Date(now.getTime() - 31 * 86_400_000))}&createTime=${formatDay(now)}`;
  }, 120_000);

  it('sends a download of more than 50,000 orders to the background export, and writes it there in full', async () => {
    expect(business.orders).toBeGreaterThan(EXPORT_SYNC_MAX);
    const direct = await admin('GET', `/api/orders/download?${range}`);
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toMatchObject({
      code: 'EXPORT_TOO_LARGE',
      message: expect.stringMatching(/^54000 orders match/),
    });

    const [from, to] = range.split('&').map((part) => part.split('=')[1]);
    // Written in the language of the console that asked.
    const started = await admin(
      'POST',
      '/api/orders/exports',
      { createTime: [from, to] },
      { 'accept-language': 'zh-CN' },
    );
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'orders', status: 'PENDING' });
    // One at a time for each user.
    const another = await admin('POST', '/api/orders/exports', { createTime: [from, to] });
    expect(another.statusCode).toBe(409);
    const job = await finished(admin, started.json().id);
    expect(job).toMatchObject({ status: 'DONE', rows: business.orders, error: null });

    const file = await admin('GET', `/api/exports/${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/-orders\.xlsx/);
    const rows = await readSheet(file.rawPayload, 'orders.xlsx', 'file');
    const header = rows[0] ?? [];
    expect(header.slice(0, 2)).toEqual(['订单号', '下单时间']);
    expect(header).toContain('实付（元）');
    expect(rows).toHaveLength(business.orders + 1);
    // Oldest first, each order once.
    const numbers = rows.slice(1).map((row) => row[0] as string);
    expect(new Set(numbers).size).toBe(business.orders);
    const times = rows.slice(1).map((row) => row[1] as string);
    expect(times.every((time, index) => index === 0 || (times[index - 1] as string) <= time)).toBe(true);
  }, 120_000);

  it('exports only what the caller sees, and lets no one else download it', async () => {
    const city = business.cityAgentIds[0] as number;
    const { deptId } = (await admin('GET', `/api/agents/${city}`)).json();
    const manager = await staffOf(ctx.t, admin, deptId, 'Agent manager');
    const [from, to] = range.split('&').map((part) => part.split('=')[1]);
    const started = await manager('POST', '/api/orders/exports', { createTime: [from, to] });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(manager, started.json().id);
    expect(job).toMatchObject({ status: 'DONE', rows: 4 * 30 * 150 });
    expect((await manager('GET', `/api/exports/${job.id}/file`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/exports/${job.id}/file`)).statusCode).toBe(404);
    expect((await admin('GET', '/api/exports')).json().map((row: { id: number }) => row.id)).not.toContain(job.id);

    const tooLong = await manager('POST', '/api/orders/exports', { createTime: ['2020-01-01', '2026-01-01'] });
    expect(tooLong.statusCode).toBe(400);
  }, 120_000);

  it('removes exports after a week', async () => {
    const [from, to] = range.split('&').map((part) => part.split('=')[1]);
    const started = await admin('POST', '/api/orders/exports', { createTime: [from, to], channel: 'COIN' });
    const job = await finished(admin, started.json().id);
    expect(job.status).toBe('DONE');
    ctx.t.clock.advance(8 * 86_400_000);
    await ctx.t.app.scheduler.run('purge-exports');
    const later = callerFor(ctx.t, await tokenOf(ctx.t));
    expect((await later('GET', '/api/exports')).json()).toEqual([]);
    expect((await later('GET', `/api/exports/${job.id}/file`)).statusCode).toBe(404);
  }, 60_000);

  it('says why an export failed in the language the console asks in', async () => {
    const user = (await ctx.t.database.db.select().from(users).where(eq(users.username, 'test')))[0];
    const twoHoursAgo = new Date(ctx.t.clock.now().getTime() - 2 * 3_600_000);
    await ctx.t.database.db.insert(exportJobs).values([
      { kind: 'orders', status: 'RUNNING', userId: user?.id as number, createTime: twoHoursAgo },
      {
        kind: 'orders',
        status: 'FAILED',
        error: 'Written by an older release',
        userId: user?.id as number,
        createTime: twoHoursAgo,
      },
    ]);
    await ctx.t.app.scheduler.run('purge-exports');
    // Signed in again: the clock may have moved past the first session's end.
    const asUser = callerFor(ctx.t, await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD));
    const errors = async (language: string) =>
      (
        (await asUser('GET', '/api/exports', undefined, { 'accept-language': language })).json() as {
          error: string;
        }[]
      )
        .map((job) => job.error)
        .sort();
    expect(await errors('zh-CN')).toEqual(['Written by an older release', '导出被中断，请重试。']);
    expect(await errors('en')).toEqual(['The export was interrupted; try again.', 'Written by an older release']);
  });
});
