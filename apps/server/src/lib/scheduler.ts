import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

interface Job {
  name: string;
  /** A croner pattern with seconds: `*\/30 * * * * *`. */
  pattern: string;
  work: () => Promise<unknown>;
}

/** The advisory lock of a job: the same number on every instance. */
const lockKey = (name: string) => createHash('sha256').update(`scheduled-job:${name}`).digest().readInt32BE(0);

/**
 * Scheduled work (closing unpaid orders, the offline check, …), timed by croner. On a
 * PostgreSQL server each run happens in the one instance that takes the job's advisory lock,
 * so several instances never run it twice; the embedded database has one instance only. The
 * locks are held on a connection of their own: a dozen jobs falling due in the same second never
 * hold the pool their work needs. A run still going when the next is due is not overlapped (in
 * this instance or another), and a failed run is logged and retried at the next tick.
 */
export class Scheduler {
  readonly #jobs = new Map<string, Job>();
  readonly #timers: Cron[] = [];
  readonly #running = new Set<Promise<unknown>>();
  /** The jobs running in this instance (its lock session would take their locks again). */
  readonly #here = new Set<string>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(name: string, pattern: string, work: () => Promise<unknown>): this {
    this.#jobs.set(name, { name, pattern, work });
    return this;
  }

  /** Runs a job now, under its lock (tests, and the timers); false when another instance holds it. */
  async run(name: string): Promise<boolean> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`no scheduled job ${name}`);
    if (this.#here.has(name)) return false;
    this.#here.add(name);
    try {
      const release = await this.database.tryLock(lockKey(name));
      if (!release) return false;
      try {
        await job.work();
      } finally {
        await release().catch((error) => this.log.warn({ err: error, job: name }, 'scheduled job lock not released'));
      }
      return true;
    } finally {
      this.#here.delete(name);
    }
  }

  start(): void {
    for (const job of this.#jobs.values()) {
      const timer = new Cron(job.pattern, { protect: true, unref: true }, async () => {
        const run = this.run(job.name).catch((error) => {
          this.log.error({ err: error, job: job.name }, 'scheduled job failed');
        });
        this.#running.add(run);
        await run.finally(() => this.#running.delete(run));
      });
      this.#timers.push(timer);
    }
  }

  /** Stops the timers and waits for the runs under way (before the database closes). */
  async stop(): Promise<void> {
    for (const timer of this.#timers.splice(0)) timer.stop();
    await Promise.all(this.#running);
  }
}
