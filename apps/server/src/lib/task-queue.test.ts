import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { appTasks } from '../db/infrastructure.schema.ts';
import { TaskFailure, TaskQueue, type TaskRecord } from './task-queue.ts';

const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

/** The task once it is done or failed for good. */
async function settledTask(queue: TaskQueue, id: number, timeoutMs = 30_000): Promise<TaskRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await queue.byId(id);
    if (task && (task.state === 'DONE' || task.state === 'FAILED')) return task;
    if (Date.now() > deadline) throw new Error(`task ${id} is still ${task?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the task queue', () => {
  let database: DatabaseHandle;
  let queue: TaskQueue;
  /** When each attempt of each payload began, and what the workers saw. */
  const attempts = new Map<string, number[]>();

  beforeAll(async () => {
    database = await openTestDatabase(inject('template'));
    // The sweep is called by the tests themselves: its own turn comes once an hour.
    queue = new TaskQueue(database, quiet, { pollingSeconds: 0.5, staleSeconds: 3600 }).define<{
      name: string;
      failures: number;
    }>({
      kind: 'orders-export',
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async ({ name, failures }, context) => {
        const seen = attempts.get(name) ?? [];
        seen.push(Date.now());
        attempts.set(name, seen);
        await context.progress(40);
        if (seen.length <= failures) throw new TaskFailure('errors.files.exportFailed');
      },
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('retries a failing task with a growing delay until it succeeds, and keeps its owner', async () => {
    const queued = await queue.enqueue('orders-export', { name: 'twice', failures: 2 }, { owner: 7 });
    expect(queued).toMatchObject({ state: 'QUEUED', userId: 7, attempts: 0, progress: 0 });
    const task = await settledTask(queue, queued.id);
    expect(task).toMatchObject({ state: 'DONE', attempts: 3, progress: 100, error: null });
    const [first, second, third] = attempts.get('twice') as number[];
    // Backoff: the second retry waits at least twice the first's least delay.
    expect((second as number) - (first as number)).toBeGreaterThanOrEqual(1_000);
    expect((third as number) - (second as number)).toBeGreaterThanOrEqual(2_000);
    expect((await queue.mine(7)).map((mine) => mine.id)).toEqual([queued.id]);
    expect(await queue.mine(8)).toEqual([]);
  }, 40_000);

  it('fails a task for good after its last retry, with the reason, and queues it again on request', async () => {
    const queued = await queue.enqueue('orders-export', { name: 'always', failures: 99 }, { owner: 7 });
    const failed = await settledTask(queue, queued.id);
    expect(failed).toMatchObject({ state: 'FAILED', attempts: 3, error: 'errors.files.exportFailed' });
    expect(failed.doneTime).toBeInstanceOf(Date);
    expect(attempts.get('always')).toHaveLength(3);

    const again = await queue.requeue(queued.id);
    expect(again).toMatchObject({ state: 'QUEUED', attempts: 0, error: null });
    expect(await queue.requeue(queued.id), 'only a failed task is queued again').toBeUndefined();
    expect(await settledTask(queue, queued.id)).toMatchObject({ state: 'FAILED', attempts: 3 });
    expect(attempts.get('always')).toHaveLength(6);
  }, 60_000);

  it('sends the job of a task written by an instance that died before sending it, once', async () => {
    // What a kill -9 between writing the task and sending its job leaves: a queued task, no job.
    const [lost] = await database.db
      .insert(appTasks)
      .values({ kind: 'orders-export', payload: { name: 'lost', failures: 0 }, userId: 7, jobId: randomUUID() })
      .returning();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await queue.byId(lost?.id ?? 0))?.state, 'no worker takes a job that does not exist').toBe('QUEUED');

    // The sweep looks at tasks queued for longer than its stale time (an hour here): not yet at this one.
    await queue.resendUnsent();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await queue.byId(lost?.id ?? 0))?.state).toBe('QUEUED');
    await queue.resendUnsent(0);
    await queue.resendUnsent(0);
    expect(await settledTask(queue, lost?.id ?? 0)).toMatchObject({ state: 'DONE', attempts: 1 });
    await queue.resendUnsent(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(
      attempts.get('lost'),
      'a job sent again while it exists, or after it is done, does not run again',
    ).toHaveLength(1);
  }, 30_000);
});
