import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { appTasks } from '../../db/infrastructure.schema.ts';
import { formatDay } from '../../lib/time.ts';
import { backfill } from '../../simulator/backfill.ts';

interface TaskAnswer {
  id: number;
  kind: string;
  state: string;
  progress: number;
  attempts: number;
  error: string | null;
  subjectId: number | null;
}

describe('the caller’s background tasks', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let range: string[];

  /** The caller's task once it has finished (or failed). */
  const finished = async (as: Caller, id: number): Promise<TaskAnswer> => {
    for (let attempt = 0; attempt < 300; attempt++) {
      const task = ((await as('GET', '/api/tasks')).json() as TaskAnswer[]).find((candidate) => candidate.id === id);
      if (task && (task.state === 'DONE' || task.state === 'FAILED')) return task;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`task ${id} did not finish`);
  };

  beforeAll(async () => {
    await backfill(ctx.t.database.db, {
      machines: 2,
      days: 3,
      perDay: 50,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const now = ctx.t.clock.now();
    range = [formatDay(new Date(now.getTime() - 5 * 86_400_000)), formatDay(now)];
  }, 60_000);

  it('lists an export as a task of its owner alone: queued, then done with its file to download', async () => {
    expect((await admin('GET', '/api/tasks')).json()).toEqual([]);
    const started = await admin('POST', '/api/orders/exports', { createTime: range });
    expect(started.statusCode, started.body).toBe(202);
    const [queued] = (await admin('GET', '/api/tasks')).json() as TaskAnswer[];
    expect(queued).toMatchObject({ kind: 'orders-export', subjectId: started.json().id, error: null });
    expect(['QUEUED', 'RUNNING', 'DONE']).toContain(queued?.state);

    const done = await finished(admin, queued?.id as number);
    expect(done).toMatchObject({ state: 'DONE', progress: 100, attempts: 1 });
    expect((await admin('GET', `/api/exports/${done.subjectId}/file`)).statusCode).toBe(200);
    expect((await ctx.user('GET', '/api/tasks')).json()).toEqual([]);
  }, 60_000);

  it('queues a failed task again for its owner only, and refuses one that has not failed', async () => {
    const [task] = (await admin('GET', '/api/tasks')).json() as TaskAnswer[];
    const id = task?.id as number;
    const notFailed = await admin('POST', `/api/tasks/${id}/retry`);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'DONE', event: 'RETRY' });

    // As a task left failed by its last attempt.
    await ctx.t.database.db
      .update(appTasks)
      .set({ state: 'FAILED', error: 'errors.files.taskFailed' })
      .where(eq(appTasks.id, id));
    const failed = (await admin('GET', '/api/tasks', undefined, { 'accept-language': 'zh-CN' })).json()[0];
    expect(failed).toMatchObject({ state: 'FAILED', error: '任务未能完成，请重试。' });
    expect((await ctx.user('POST', `/api/tasks/${id}/retry`)).statusCode).toBe(404);
    expect((await admin('POST', '/api/tasks/999999/retry')).statusCode).toBe(404);

    const retried = await admin('POST', `/api/tasks/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id, state: 'QUEUED', attempts: 0, error: null });
    expect(await finished(admin, id)).toMatchObject({ state: 'DONE', attempts: 1, progress: 100 });
  }, 60_000);
});
