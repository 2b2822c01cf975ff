import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * Reads that may be served by a streaming replica (DATABASE_READ_URL): lists, exports, reports
 * and dashboards, each marked where it is registered. A user sees their own writes: after a write
 * the primary's write-ahead-log position is kept for the user (in the database, so every instance
 * knows it), and the user's reads go to the replica only once it has replayed that far. A replica
 * that does not answer, or lags behind the user's last write, sends the read to the primary.
 */
export interface ReadRouting {
  /** Runs `work` with the database reading from the replica when it may, else from the primary. */
  readFor<T>(userId: number, work: () => Promise<T>): Promise<T>;
  /** Keeps where the primary's log is now, after a write by the user. */
  rememberWrite(userId: number): Promise<void>;
  /** Whether the replica answered its last question (a standby in recovery), for the readiness probe. */
  replicaUp(): Promise<boolean>;
  close(): Promise<void>;
}

const isReadOnlyRefusal = (error: unknown): boolean => {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '25006') return true;
  }
  return false;
};

/** How long the replica may take to say how far it has replayed before the read goes to the primary. */
const REPLICA_TIMEOUT_MS = 1000;

/**
 * The database the app is given: every call goes to the primary, except within `readFor` on the
 * replica, where it goes to the replica's connections.
 */
function routedDatabase(primary: Database, replica: Database, onReplica: AsyncLocalStorage<true>): Database {
  return new Proxy(primary, {
    get(_target, property) {
      const chosen = onReplica.getStore() ? replica : primary;
      const value = Reflect.get(chosen, property, chosen);
      return typeof value === 'function' ? value.bind(chosen) : value;
    },
  });
}

export async function openReadRouting(
  primaryPool: pg.Pool,
  primary: Database,
  readUrl: string,
  replicaDatabase: (pool: pg.Pool) => Database,
): Promise<{ db: Database; reads: ReadRouting }> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({
    connectionString: readUrl,
    max: 10,
    connectionTimeoutMillis: REPLICA_TIMEOUT_MS,
    application_name: 'water_console_reader',
  });
  pool.on('error', () => {
    // An idle connection to the replica was lost; the next read makes a new one or goes to the primary.
  });
  const onReplica = new AsyncLocalStorage<true>();
  const db = routedDatabase(primary, replicaDatabase(pool), onReplica);

  /** Whether the replica answers as a standby and has replayed up to `lsn` (any position when none). */
  async function hasReplayed(lsn: string | undefined): Promise<boolean> {
    try {
      const { rows } = await pool.query<{ passed: boolean }>({
        text: `SELECT pg_is_in_recovery() AND ($1::text IS NULL OR pg_last_wal_replay_lsn() >= $1::pg_lsn) AS passed`,
        values: [lsn ?? null],
        query_timeout: REPLICA_TIMEOUT_MS,
      } as pg.QueryConfig);
      return rows[0]?.passed === true;
    } catch {
      return false;
    }
  }

  const reads: ReadRouting = {
    async readFor(userId, work) {
      const { rows } = await primaryPool.query<{ lsn: string }>('SELECT lsn FROM app_read_fence WHERE user_id = $1', [
        userId,
      ]);
      if (!(await hasReplayed(rows[0]?.lsn))) return work();
      try {
        return await onReplica.run(true, work);
      } catch (error) {
        // A read that turned out to write something (SQLSTATE 25006 on a standby) runs on the primary.
        if (!isReadOnlyRefusal(error)) throw error;
        return work();
      }
    },
    async rememberWrite(userId) {
      await primaryPool.query(
        `INSERT INTO app_read_fence (user_id, lsn, update_time) VALUES ($1, pg_current_wal_lsn()::text, now())
         ON CONFLICT (user_id) DO UPDATE SET lsn = excluded.lsn, update_time = excluded.update_time`,
        [userId],
      );
    },
    replicaUp: () => hasReplayed(undefined),
    close: () => pool.end(),
  };
  return { db, reads };
}
