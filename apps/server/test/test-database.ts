import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/client.ts';

/** Which engine the API suite runs on: set by the test script, PGlite unless told otherwise. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/** Each run makes its own template, so that two runs against one server do not drop each other's. */
export function templateDatabaseName(): string {
  return `water_console_template_${randomBytes(4).toString('hex')}`;
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its connections are closed. Without FORCE, which an ordinary role
 * may not use on connections it does not own (autovacuum's); a database still in use is retried.
 */
export async function dropTestDatabase(base: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A fresh database cloned from the seeded template made in global setup (a snapshot file, or a database name). */
export async function openTestDatabase(template: string): Promise<DatabaseHandle & { url?: string }> {
  if (!testDatabaseUrl) {
    const tarball = await readFile(template);
    return openPglite({ loadDataDir: new Blob([tarball]) });
  }
  const name = `water_console_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(testDatabaseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = databaseUrl(testDatabaseUrl, name);
  const handle = await openPostgres(url);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await dropTestDatabase(testDatabaseUrl, name);
    },
  };
}
