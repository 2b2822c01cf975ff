import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

/** What the app's database clients answer a statement with. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/** A parameter as PostgreSQL takes it: an object (pg-boss's job data) as its JSON text. */
const parameter = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
    ? JSON.stringify(value)
    : value;

/**
 * pg-boss on the app's own connections: the PostgreSQL pool, or the embedded database's thread.
 * pg-boss sends its schema changes as several statements in one text without parameters, which
 * the embedded database runs through `exec` (PostgreSQL's pool takes them as they are).
 */
export function pgBossDb(database: DatabaseHandle): PgBoss.Db {
  const client = (database.db as unknown as { $client: Queryable }).$client;
  return {
    async executeSql(text, values) {
      if (database.kind === 'pglite' && (!values || values.length === 0) && client.exec) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values?.map(parameter)) as Promise<{ rows: never[] }>;
    },
  };
}
