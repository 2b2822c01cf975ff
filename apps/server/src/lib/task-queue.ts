import { randomUUID } from 'node:crypto';
import type { TaskKind } from '@water/contract/tasks';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { appTasks } from '../db/infrastructure.schema.ts';
import { isLostRace } from './db-errors.ts';
import { pgBossDb } from './task-queue-db.ts';

export type TaskRecord = typeof appTasks.$inferSelect;

/** What a worker is given besides its payload: its task, and a way to say how far it got. */
export interface TaskContext {
  taskId: number;
  /** The user who asked for it; null for the server's own work. */
  owner: number | null;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows this attempt if it fails. */
  lastAttempt: boolean;
  /** Tells the owner how far the task is (0–100); also the instance's sign of life. */
  progress(percent: number): Promise<void>;
  /** Aborted when the server stops while the task runs: stop soon, it is queued again. */
  signal: AbortSignal;
}

/** A failure whose reason the owner reads: a key of the server's texts. */
export class TaskFailure extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** A kind of task: its worker, and how its failed attempts are retried. */
export interface TaskDefinition<P> {
  kind: TaskKind;
  /** Attempts after the first; each waits about twice as long as the one before. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelaySeconds: number;
  run(payload: P, context: TaskContext): Promise<void>;
  /** When the owner queues the failed task again (the export shows itself pending again). */
  requeued?(payload: P, subjectId: number | null): Promise<void>;
}

export interface TaskQueueOptions {
  /** Seconds between a worker's looks at the queue. */
  pollingSeconds?: number;
  /** Seconds without a sign of life after which a running task is taken to have lost its instance. */
  staleSeconds?: number;
}

const HEARTBEAT_MS = 5_000;
/** A task runs at most this long in one attempt (pg-boss fails it then; ours only ever end sooner). */
const EXPIRE_SECONDS = 6 * 3600;

/**
 * Durable background work on pg-boss, in the app's own database (the embedded one or
 * PostgreSQL): a task survives a crash of its instance and is taken by one instance at a time;
 * a failed attempt is retried with exponential backoff; each task keeps its owner, state,
 * progress and last error in `app_task` for the jobs drawer. An instance that dies mid-task
 * (kill -9) stops beating; its task is queued again, by the next start of the embedded server or
 * by any instance on PostgreSQL once the heartbeat is stale.
 */
export class TaskQueue {
  readonly #definitions = new Map<TaskKind, TaskDefinition<never>>();
  readonly #running = new Map<number, AbortController>();
  readonly #work = new Set<Promise<unknown>>();
  /** This instance's worker of each kind, told of a task queued here so that it starts at once. */
  readonly #workers = new Map<TaskKind, string>();
  #starting: Promise<PgBoss> | undefined;
  #sweeper: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #db: Database;
  readonly #pollingSeconds: number;
  readonly #staleSeconds: number;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    options: TaskQueueOptions = {},
  ) {
    this.#db = database.db;
    this.#pollingSeconds = options.pollingSeconds ?? 1;
    this.#staleSeconds = options.staleSeconds ?? 30;
  }

  define<P>(definition: TaskDefinition<P>): this {
    this.#definitions.set(definition.kind, definition as TaskDefinition<never>);
    return this;
  }

  /** Queues a task for `owner` (null: the server's own); answers its record, queued. */
  async enqueue<P extends object>(
    kind: TaskKind,
    payload: P,
    options: { owner: number | null; subjectId?: number | null },
  ): Promise<TaskRecord> {
    const boss = await this.#started();
    // The job's id is written with the task, before the job exists: a worker that takes the job at
    // once finds its task, and a task whose job was never sent (its instance died between the
    // two) is found by the sweep and sent then.
    const [task] = await this.#db
      .insert(appTasks)
      .values({ kind, payload, userId: options.owner, subjectId: options.subjectId ?? null, jobId: randomUUID() })
      .returning();
    return this.#send(boss, task as TaskRecord);
  }

  /** Waits until no task of `kind` is queued or running (the tests' way to see background work done). */
  async idle(kind: TaskKind, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [open] = await this.#db
        .select({ id: appTasks.id })
        .from(appTasks)
        .where(and(eq(appTasks.kind, kind), inArray(appTasks.state, ['QUEUED', 'RUNNING'])))
        .limit(1);
      if (!open) return;
      if (Date.now() > deadline) throw new Error(`the ${kind} tasks are still open after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The user's latest tasks, newest first. */
  async mine(userId: number, limit = 20): Promise<TaskRecord[]> {
    return this.#db
      .select()
      .from(appTasks)
      .where(eq(appTasks.userId, userId))
      .orderBy(desc(appTasks.createTime), desc(appTasks.id))
      .limit(limit);
  }

  async byId(id: number): Promise<TaskRecord | undefined> {
    const [task] = await this.#db.select().from(appTasks).where(eq(appTasks.id, id));
    return task;
  }

  /** Queues a failed task again, its attempts counted afresh; undefined when it is not failed (any more). */
  async requeue(id: number): Promise<TaskRecord | undefined> {
    const boss = await this.#started();
    const [task] = await this.#db
      .update(appTasks)
      .set({
        state: 'QUEUED',
        progress: 0,
        attempts: 0,
        error: null,
        doneTime: null,
        heartbeat: null,
        jobId: randomUUID(),
      })
      .where(and(eq(appTasks.id, id), eq(appTasks.state, 'FAILED')))
      .returning();
    if (!task) return undefined;
    await this.#definitions.get(task.kind)?.requeued?.(task.payload as never, task.subjectId);
    return this.#send(boss, task);
  }

  /**
   * Starts the workers. The embedded database has this instance alone, so what was running is
   * orphaned by a crash: queued again at once. Without unfinished tasks the embedded queue starts
   * with its first task (a server that never runs one never installs the queue).
   */
  async start(): Promise<void> {
    this.#stopped = false;
    if (this.database.kind === 'pglite') {
      const [open] = await this.#db
        .select({ id: appTasks.id })
        .from(appTasks)
        .where(inArray(appTasks.state, ['QUEUED', 'RUNNING']))
        .limit(1);
      if (!open) return;
      await this.#started();
      await this.requeueOrphans(0);
      await this.resendUnsent(0);
      return;
    }
    await this.#started();
  }

  /** Stops taking tasks; the running ones are told to stop and are queued again. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#sweeper);
    for (const controller of this.#running.values()) controller.abort();
    const boss = await this.#starting?.catch(() => undefined);
    await boss?.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
    await Promise.allSettled(this.#work);
  }

  /**
   * Queues again the running tasks whose instance gave no sign of life for `staleSeconds`
   * (0: every running task not run here), through pg-boss's own failure path: they go back to
   * the queue while attempts are left.
   */
  async requeueOrphans(staleSeconds = this.#staleSeconds): Promise<number> {
    const boss = await this.#started();
    const stale = await this.#db
      .select()
      .from(appTasks)
      .where(
        and(
          eq(appTasks.state, 'RUNNING'),
          or(
            sql`${appTasks.heartbeat} IS NULL`,
            lt(appTasks.heartbeat, sql`now() - make_interval(secs => ${staleSeconds})`),
          ),
        ),
      );
    let requeued = 0;
    for (const task of stale.filter((candidate) => !this.#running.has(candidate.id) && candidate.jobId)) {
      const jobId = task.jobId as string;
      await boss.fail(task.kind, jobId, { message: 'errors.files.taskInterrupted' });
      const job = await boss.getJobById(task.kind, jobId);
      const state = job?.state === 'failed' ? 'FAILED' : 'QUEUED';
      await this.#db
        .update(appTasks)
        .set({ state, error: 'errors.files.taskInterrupted', doneTime: state === 'FAILED' ? new Date() : null })
        .where(and(eq(appTasks.id, task.id), eq(appTasks.state, 'RUNNING'), eq(appTasks.attempts, task.attempts)));
      requeued += 1;
    }
    if (requeued > 0) this.log.warn({ tasks: requeued }, 'tasks of a stopped instance queued again');
    return requeued;
  }

  /**
   * Sends again the job of each task queued for `olderThanSeconds` (the oldest `limit`): a job that
   * exists already is left as it is, so only a task whose job was never sent, its instance having
   * died between writing the task and sending the job, gets one. Tasks just queued are left to
   * their own sending.
   */
  async resendUnsent(olderThanSeconds = this.#staleSeconds, limit = 200): Promise<void> {
    const boss = await this.#started();
    const queued = await this.#db
      .select()
      .from(appTasks)
      .where(
        and(
          eq(appTasks.state, 'QUEUED'),
          lt(appTasks.createTime, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        ),
      )
      .orderBy(appTasks.id)
      .limit(limit);
    for (const task of queued) if (task.jobId) await boss.send(task.kind, { taskId: task.id }, { id: task.jobId });
  }

  #started(): Promise<PgBoss> {
    if (this.#stopped) return Promise.reject(new Error('the task queue is stopped'));
    this.#starting ??= this.#open().catch((error) => {
      this.#starting = undefined;
      throw error;
    });
    return this.#starting;
  }

  async #open(): Promise<PgBoss> {
    const boss = new PgBoss({
      db: pgBossDb(this.database),
      schedule: false,
      // Completed jobs are the tasks' business (app_task); pg-boss keeps its own a day.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'task queue error'));
    await boss.start();
    for (const definition of this.#definitions.values()) {
      await this.#defineQueue(boss, {
        name: definition.kind,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: EXPIRE_SECONDS,
      });
      const worker = await boss.work<{ taskId: number }>(
        definition.kind,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.#pollingSeconds },
        async ([job]) => {
          if (job) await this.#track(this.#attempt(definition, job.id, job.data.taskId, job.retryCount));
        },
      );
      this.#workers.set(definition.kind, worker);
    }
    this.#sweeper = setInterval(() => {
      const sweep = async () => {
        await this.requeueOrphans();
        await this.resendUnsent();
      };
      void this.#track(sweep()).catch((error) => this.log.error({ err: error }, 'task sweep failed'));
    }, this.#staleSeconds * 500);
    this.#sweeper.unref();
    return boss;
  }

  /**
   * Makes a kind's queue, or brings it in line. Instances starting together on a new database
   * race to make the same queue (PostgreSQL may answer one with a deadlock): the loser looks again.
   */
  async #defineQueue(boss: PgBoss, queue: PgBoss.Queue & { name: TaskKind }): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
        else await boss.createQueue(queue.name, queue);
        return;
      } catch (error) {
        if (attempt >= 5 || !isLostRace(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  }

  async #track<T>(work: Promise<T>): Promise<T> {
    this.#work.add(work);
    try {
      return await work;
    } finally {
      this.#work.delete(work);
    }
  }

  async #send(boss: PgBoss, task: TaskRecord): Promise<TaskRecord> {
    await boss.send(task.kind, { taskId: task.id }, { id: task.jobId as string });
    const worker = this.#workers.get(task.kind);
    if (worker) boss.notifyWorker(worker);
    return task;
  }

  /** One attempt of a task: claimed in app_task, run with a heartbeat, and its outcome recorded. */
  async #attempt(definition: TaskDefinition<never>, jobId: string, taskId: number, retries: number): Promise<void> {
    // Counted here, not taken from the queue: a task run twice at once would show it.
    const [task] = await this.#db
      .update(appTasks)
      .set({ state: 'RUNNING', attempts: sql`${appTasks.attempts} + 1`, heartbeat: sql`now()`, doneTime: null })
      .where(and(eq(appTasks.id, taskId), eq(appTasks.jobId, jobId), inArray(appTasks.state, ['QUEUED', 'RUNNING'])))
      .returning();
    // Queued again under another job by its owner, or finished: nothing left to do for this one.
    if (!task) return;
    const attempt = task.attempts;
    const mine = and(eq(appTasks.id, taskId), eq(appTasks.jobId, jobId), eq(appTasks.attempts, attempt));
    const controller = new AbortController();
    this.#running.set(taskId, controller);
    const beat = () => this.#db.update(appTasks).set({ heartbeat: sql`now()` }).where(mine);
    const heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    const context: TaskContext = {
      taskId,
      owner: task.userId,
      attempt,
      lastAttempt: retries >= definition.retryLimit,
      signal: controller.signal,
      progress: async (percent) => {
        const progress = Math.max(0, Math.min(99, Math.floor(percent)));
        await this.#db.update(appTasks).set({ progress, heartbeat: sql`now()` }).where(mine);
      },
    };
    try {
      await definition.run(task.payload as never, context);
      await this.#db
        .update(appTasks)
        .set({ state: 'DONE', progress: 100, error: null, doneTime: new Date() })
        .where(mine);
      this.log.info({ taskId, kind: definition.kind, attempt }, 'background task done');
    } catch (error) {
      const last = retries >= definition.retryLimit;
      const key = error instanceof TaskFailure ? error.key : 'errors.files.taskFailed';
      if (!controller.signal.aborted) this.log.error({ err: error, taskId, attempt }, 'a background task failed');
      await this.#db
        .update(appTasks)
        .set({
          state: last ? 'FAILED' : 'QUEUED',
          error: controller.signal.aborted ? 'errors.files.taskInterrupted' : key,
          doneTime: last ? new Date() : null,
        })
        .where(mine)
        .catch(() => undefined);
      throw error;
    } finally {
      clearInterval(heartbeat);
      this.#running.delete(taskId);
    }
  }
}
