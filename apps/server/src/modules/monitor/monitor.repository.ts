import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The single `value` column of a one-row query; both drivers answer `{ rows }`. */
async function scalar(db: Database, query: SQL): Promise<string | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: { value: string }[] };
  return result.rows[0]?.value;
}

export const monitorRepository = {
  databaseBytes: async (db: Database) =>
    Number((await scalar(db, sql`SELECT pg_database_size(current_database())::text AS value`)) ?? 0),
  connections: async (db: Database) =>
    Number(
      (await scalar(
        db,
        sql`SELECT count(*)::text AS value FROM pg_stat_activity WHERE datname = current_database()`,
      )) ?? 0,
    ),
  maxConnections: async (db: Database) =>
    Number((await scalar(db, sql`SELECT current_setting('max_connections') AS value`)) ?? 0),
  serverVersion: async (db: Database) =>
    (await scalar(db, sql`SELECT current_setting('server_version') AS value`)) ?? 'unknown',
};
