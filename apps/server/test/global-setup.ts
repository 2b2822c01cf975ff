import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build.mjs';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { ADMIN_PASSWORD, DEFAULT_USER_PASSWORD } from './test-app.ts';
import { adminQuery, databaseUrl, dropTestDatabase, templateDatabaseName, testDatabaseUrl } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite snapshot file, or the name of the PostgreSQL template database. */
    template: string;
  }
}

/**
 * Bundles the server for the tests that start it as a process, then migrates and seeds one
 * database, which every test file clones.
 */
export default async function setup(project: TestProject) {
  await buildServer();
  const seed = {
    adminPassword: ADMIN_PASSWORD,
    seedDemo: true,
    demoLanguage: 'en',
    defaultUserPassword: DEFAULT_USER_PASSWORD,
  } as const;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'water-console-test-'));
  const templatePath = path.join(dir, 'template.tar');
  const templateDatabase = templateDatabaseName();
  if (testDatabaseUrl) {
    await adminQuery(testDatabaseUrl, `CREATE DATABASE ${templateDatabase}`);
    const template = await openPostgres(databaseUrl(testDatabaseUrl, templateDatabase));
    await seedDatabase(template.db, seed);
    await template.close();
  } else {
    const template = await openPglite({});
    await seedDatabase(template.db, seed);
    await writeFile(templatePath, Buffer.from(await (await template.snapshot!()).arrayBuffer()));
    await template.close();
  }
  project.provide('template', testDatabaseUrl ? templateDatabase : templatePath);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (testDatabaseUrl) await dropTestDatabase(testDatabaseUrl, templateDatabase);
  };
}
