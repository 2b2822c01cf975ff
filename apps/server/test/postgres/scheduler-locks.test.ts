import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.ts';
import { Scheduler } from '../../src/lib/scheduler.ts';
import { useTestApp } from '../test-app.ts';

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

/** Scheduled jobs on a PostgreSQL server, whose pool holds ten connections. */
describe('scheduled jobs under their advisory locks', () => {
  const ctx = useTestApp();

  it('runs a dozen jobs due in the same second, each using the pool, without taking the pool from their own work', async () => {
    const database = ctx.t.database;
    const scheduler = new Scheduler(database, ctx.t.app.log);
    const names = Array.from({ length: 12 }, (_, index) => `due-together-${index}`);
    const ran: string[] = [];
    for (const name of names) {
      scheduler.add(name, '0 0 0 1 1 *', async () => {
        await database.db.execute(sql`SELECT pg_sleep(0.05)`);
        ran.push(name);
      });
    }
    const outcome = await within(15_000, Promise.all(names.map((name) => scheduler.run(name))));
    expect(outcome).toEqual(names.map(() => true));
    expect(ran.sort()).toEqual([...names].sort());
    // The pool is free again: a request's query is answered at once.
    expect(await within(2000, database.db.execute(sql`SELECT 1`))).not.toBe('still waiting');
  });

  it('runs a job in one instance at a time, and never twice at once in one', async () => {
    const url = ctx.t.database.url as string;
    const other = await openPostgres(url);
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let runs = 0;
      const job = async () => {
        runs++;
        await held;
      };
      const here = new Scheduler(ctx.t.database, ctx.t.app.log).add('once', '0 0 0 1 1 *', job);
      const there = new Scheduler(other, ctx.t.app.log).add('once', '0 0 0 1 1 *', job);
      const first = here.run('once');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await there.run('once')).toBe(false);
      expect(await here.run('once')).toBe(false);
      release();
      expect(await first).toBe(true);
      expect(runs).toBe(1);
      // Released: the other instance takes it next.
      expect(await there.run('once')).toBe(true);
      expect(runs).toBe(2);
    } finally {
      await other.close();
    }
  });
});
