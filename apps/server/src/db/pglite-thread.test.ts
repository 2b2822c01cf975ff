import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp, tokenOf } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { niceOf, threadIds, threadNiceValues } from '../../test/thread-priorities.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import type { DatabaseHandle } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';
import * as t from './schema.ts';

/** Long enough that an event loop held by it is told from one that is not, on a loaded machine. */
const SLOW = sql`SELECT pg_sleep(1)`;

describe('the embedded database thread', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(inject('template'));
  });
  afterAll(() => database?.close());

  it('leaves the event loop free while a slow statement runs', async () => {
    const started = performance.now();
    let timerAt: number | undefined;
    setTimeout(() => {
      timerAt = performance.now() - started;
    }, 10);
    await database.db.execute(SLOW);
    const statementMs = performance.now() - started;
    // On the event loop, a 10 ms timer would wait for the whole second.
    expect(statementMs).toBeGreaterThanOrEqual(900);
    expect(timerAt ?? Number.POSITIVE_INFINITY).toBeLessThan(500);
  });

  it('runs its statements at the lowest priority once open, and the event loop keeps its own', async () => {
    const before = new Set(threadIds());
    const asking = niceOf('/proc/thread-self/stat');
    const other = await openTestDatabase(inject('template'));
    try {
      await other.db.execute(sql`SELECT 1`);
      const added = threadIds().filter((thread) => !before.has(thread));
      expect(threadNiceValues(added)).toContain(19);
      expect(niceOf('/proc/thread-self/stat')).toBe(asking);
    } finally {
      await other.close();
    }
  });

  it('keeps PostgreSQL’s error fields, so a unique violation is known as one', async () => {
    const [dict] = await database.db.select().from(t.dicts).limit(1);
    const failure = await database.db
      .insert(t.dicts)
      .values({ name: dict!.name })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect((failure as Error).cause).toMatchObject({
      code: '23505',
      constraint: 'sys_dict_name_uq',
      table: 'sys_dict',
    });
  });

  it('holds a transaction open across statements, rolls it back when its work throws, and commits it', async () => {
    const name = 'thread-transaction';
    const failed = database.db.transaction(async (tx) => {
      await tx.insert(t.dicts).values({ name });
      expect(await tx.select().from(t.dicts).where(eq(t.dicts.name, name))).toHaveLength(1);
      throw new Error('changed its mind');
    });
    await expect(failed).rejects.toThrow('changed its mind');
    expect(await database.db.select().from(t.dicts).where(eq(t.dicts.name, name))).toEqual([]);
    let outside: Promise<unknown[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(t.dicts).values({ name });
      // A statement outside the transaction waits for it to end, as on PGlite itself.
      outside = database.db.select().from(t.dicts).where(eq(t.dicts.name, name));
      await tx.update(t.dicts).set({ description: 'kept' }).where(eq(t.dicts.name, name));
    });
    expect(await outside).toMatchObject([{ name, description: 'kept' }]);
  });
});

describe('the embedded database thread’s client', () => {
  it('parses the columns its caller gave parsers for, in either row mode', async () => {
    const thread = await PgliteThread.start({
      loadDataDir: new Blob([await readFile(inject('template'))]),
      settings: [],
    });
    try {
      const statement = `SELECT '2024-01-02 03:04:05'::timestamp AS at, 7 AS n`;
      const parsers = { 1114: (text: string) => `parsed ${text}` };
      expect((await thread.query(statement, [], { rowMode: 'array', parsers })).rows).toEqual([
        ['parsed 2024-01-02 03:04:05', 7],
      ]);
      expect((await thread.query(statement, [], { parsers })).rows).toEqual([
        { at: 'parsed 2024-01-02 03:04:05', n: 7 },
      ]);
    } finally {
      await thread.close();
    }
    await expect(thread.query('SELECT 1')).rejects.toThrow('the embedded database is closed');
  });

  it('fails the statements under way when the thread dies, and every one after, rather than leaving them waiting', async () => {
    const dies = `import { parentPort } from 'node:worker_threads';
      parentPort.postMessage({ ready: true });
      parentPort.on('message', () => process.exit(3));`;
    const thread = await PgliteThread.start(
      { settings: [] },
      new URL(`data:text/javascript,${encodeURIComponent(dies)}`),
    );
    await expect(thread.query('SELECT 1')).rejects.toThrow('exit code 3');
    await expect(thread.query('SELECT 1')).rejects.toThrow('exit code 3');
    await thread.close();
  });
});

describe('a server on the embedded database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('answers from memory while a slow statement runs', async () => {
    const authorization = await tokenOf(app);
    const cached = () =>
      app.app.inject({
        method: 'GET',
        url: '/api/dictDetail?dictName=user_status&page=0&size=9999',
        headers: { authorization },
      });
    expect((await cached()).statusCode).toBe(200);
    const statementsRun = () => app.database.stats.snapshot().reduce((sum, entry) => sum + entry.count, 0);
    const before = statementsRun();
    let slowDone = false;
    const slow = app.database.db.execute(SLOW).then(() => {
      slowDone = true;
    });
    for (let i = 0; i < 5; i++) expect((await cached()).statusCode).toBe(200);
    expect(slowDone).toBe(false);
    await slow;
    // Answered from memory: only the slow statement ran.
    expect(statementsRun()).toBe(before + 1);
  });
});
