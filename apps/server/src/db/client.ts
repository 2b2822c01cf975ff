import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { PgliteThread } from './pglite-thread.ts';
import { instrument, QueryStats } from './query-stats.ts';
import { openReadRouting, type ReadRouting } from './read-replica.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database the app works on, whichever engine is behind it. */
export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for writes whose loss in a crash costs nothing (a gateway nonce, a
   * heartbeat's runtime): on PostgreSQL its connections commit without waiting for the disk, so
   * such a write is one round trip and never queues behind the disk. The embedded database does
   * not wait for the disk at all, so there it is `db`.
   */
  relaxed: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` for each notification on `channel` (PostgreSQL LISTEN); returns the unsubscribe. */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** How many server processes listen on this database now, this one included. */
  listeners(): Promise<number>;
  /**
   * Takes the advisory lock `key` unless another process holds it: answers its release, or null.
   * On PostgreSQL it is held on a connection of its own, never one of the pools the work under it
   * needs (work holding a pool's connection while it waits for another can take the whole pool and
   * wait forever). The embedded database has one process: always taken.
   */
  tryLock(key: number): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
  /** Count and timing of every statement run through `db` (the SQL monitor). */
  stats: QueryStats;
  /** PostgreSQL with DATABASE_READ_URL: which reads go to the replica (db/read-replica.ts). */
  reads?: ReadRouting;
  /** Embedded only: the whole database as a tarball that `openPglite({ loadDataDir })` starts from. */
  snapshot?(): Promise<Blob>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The application name of each instance's listening connection, by which instances count each other. */
const LISTENER_NAME = 'water_console_listener';

/** Key of the advisory lock that serialises migrations and seeding between instances. */
const MIGRATION_LOCK_KEY = 7_201_104;

export class DataDirLockedError extends Error {}

/**
 * Only one process may own an embedded data directory. The lock file holds the owner's pid; a
 * lock left by a process that is gone is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (owner && isAlive(owner)) {
        throw new DataDirLockedError(
          `The database in ${dir} is in use by another server process (pid ${owner}); stop it or choose another DATA_DIR`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes group and others' rights off every file and directory under `dir`. */
async function restrictToOwner(dir: string): Promise<void> {
  const entries = (await readdir(dir, { recursive: true, encoding: 'utf8' })).map((name) => path.join(dir, name));
  for (const entry of [dir, ...entries]) {
    const info = await lstat(entry).catch(() => undefined);
    if (info && !info.isSymbolicLink() && (info.mode & 0o077) !== 0) {
      await chmod(entry, info.mode & 0o700).catch(() => {});
    }
  }
}

export interface PgliteOptions {
  /** Directory of the data files; absent means in memory. */
  dataDir?: string;
  /** A snapshot (`dumpDataDir`) to start from. */
  loadDataDir?: Blob;
}

/**
 * The embedded database keeps its buffers in the server's own memory, where PostgreSQL's default
 * 128 MB of shared buffers costs ~100 MB at start and grows the process as they fill, never to
 * shrink. The data files stay in the operating system's cache, so a small pool reads as fast.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

export async function openPglite(options: PgliteOptions): Promise<DatabaseHandle> {
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    unlock = lockDataDir(options.dataDir);
  }
  const isNew = options.dataDir !== undefined && !existsSync(path.join(options.dataDir, 'db', 'PG_VERSION'));
  let client: PgliteThread | undefined;
  try {
    // On a thread of its own (db/pglite-thread.ts): a slow statement never holds up the event loop.
    client = await PgliteThread.start({
      dataDir: options.dataDir ? path.join(options.dataDir, 'db') : undefined,
      loadDataDir: options.loadDataDir,
      settings: PGLITE_SETTINGS,
    });
    // Drizzle calls only the part of PGlite's interface that the thread's client implements.
    const asPglite = (thread: PgliteThread) => thread as unknown as PGlite;
    const stats = new QueryStats();
    const db = drizzlePglite({ client: asPglite(instrument(client, stats)), schema }) as unknown as Database;
    await migratePglite(drizzlePglite({ client: asPglite(client) }), { migrationsFolder });
    // PGlite gives the files it makes mode 0666 whatever the umask: they hold password hashes. A
    // new database is restricted before it is used; an existing one (inside its owner-only data
    // directory, restricted when it was made) while the server starts answering.
    let restricting = Promise.resolve();
    if (options.dataDir) {
      restricting = restrictToOwner(path.join(options.dataDir, 'db'));
      if (isNew) await restricting;
    }
    const opened = client;
    return {
      db,
      relaxed: db,
      kind: 'pglite',
      stats,
      tryLock: async () => async () => {},
      listen: (channel, fn) => opened.listen(channel, fn),
      notify: async (channel, payload) => {
        await opened.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      listeners: async () => 1,
      close: async () => {
        await restricting;
        await opened.close();
        unlock();
      },
      snapshot: () => opened.dumpDataDir('none'),
    };
  } catch (error) {
    await client?.close().catch(() => {});
    unlock();
    throw error;
  }
}

export async function openPostgres(url: string, options: { readUrl?: string } = {}): Promise<DatabaseHandle> {
  // The PostgreSQL driver is loaded only by the installations that use it.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: setup }), { migrationsFolder });
  } finally {
    await setup.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await setup.end();
  }
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listener: Promise<pg.Client> | undefined;
  let closing = false;
  // Notifications sent while the listening connection was down are lost, so after a reconnect
  // every subscriber is told '*' (drop whatever you cached).
  const connectListener = (isReconnect: boolean): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client.on('notification', (msg) => {
      for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '');
    });
    client.on('error', () => {
      listener = undefined;
      client.end().catch(() => {});
      if (!closing) setTimeout(() => void ensureListener(true).catch(() => {}), 1000).unref();
    });
    return client.connect().then(async () => {
      for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (isReconnect) for (const set of listeners.values()) for (const fn of set) fn('*');
      return client;
    });
  };
  const ensureListener = (isReconnect = false) => {
    listener ??= connectListener(isReconnect).catch((error) => {
      listener = undefined;
      throw error;
    });
    return listener;
  };
  const relaxedPool = new pg.Pool({ connectionString: url, max: 4, options: '-c synchronous_commit=off' });
  relaxedPool.on('error', () => {});
  // The advisory locks' session: lost with its connection (and so released), the next one opens anew.
  const lockPool = new pg.Pool({ connectionString: url, max: 1 });
  lockPool.on('error', () => {});
  const stats = new QueryStats();
  const primary = drizzlePg({ client: instrument(pool, stats), schema }) as unknown as Database;
  const routing = options.readUrl
    ? await openReadRouting(
        pool,
        primary,
        options.readUrl,
        (replica) => drizzlePg({ client: replica, schema }) as never,
      )
    : undefined;
  return {
    db: routing?.db ?? primary,
    ...(routing && { reads: routing.reads }),
    relaxed: drizzlePg({ client: instrument(relaxedPool, stats), schema }) as unknown as Database,
    kind: 'postgres',
    stats,
    listen: async (channel, fn) => {
      const client = await ensureListener();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(fn);
      return async () => {
        set.delete(fn);
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listeners: async () => {
      const { rows } = await pool.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [LISTENER_NAME],
      );
      return rows[0]?.count ?? 0;
    },
    tryLock: async (key) => {
      const { rows } = await lockPool.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
      if (rows[0]?.locked !== true) return null;
      return async () => {
        await lockPool.query('SELECT pg_advisory_unlock($1)', [key]);
      };
    },
    close: async () => {
      closing = true;
      await listener?.then((client) => client.end()).catch(() => {});
      await Promise.all([pool.end(), relaxedPool.end(), lockPool.end(), routing?.reads.close()]);
    },
  };
}

/** Serialises one-time work (seeding, secret generation) between instances sharing a database. */
export async function withStartupLock<T>(handle: DatabaseHandle, fn: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return fn();
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY + 1})`);
    return fn();
  });
}
