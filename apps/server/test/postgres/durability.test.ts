import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACKS_PER_ROUND, crashRepeatedly } from '../durability.ts';
import { stopAllServers } from '../server-process.ts';
import { adminQuery, databaseUrl, dropTestDatabase, testDatabaseUrl } from '../test-database.ts';

describe('PostgreSQL under SIGKILL of the server', () => {
  const name = `water_console_crash_${randomBytes(6).toString('hex')}`;
  let dataDir: string;
  beforeAll(async () => {
    if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-crash-pg-'));
    // Empty: the first starts migrate and seed it, and some are killed while they do.
    await adminQuery(testDatabaseUrl, `CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
    if (testDatabaseUrl) await dropTestDatabase(testDatabaseUrl, name);
  });

  it('restarts after every kill, some while starting on the empty database, and keeps every write it acknowledged', async () => {
    const url = databaseUrl(testDatabaseUrl as string, name);
    const figures = await crashRepeatedly({ DATA_DIR: dataDir, DATABASE_URL: url }, 20);
    console.log('PostgreSQL crash test:', JSON.stringify(figures));
    expect(figures.acknowledgedWrites).toBeGreaterThanOrEqual(
      (figures.kills - figures.killsDuringStartUp) * ACKS_PER_ROUND,
    );
  }, 600_000);
});
