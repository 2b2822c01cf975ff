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
    /** A PGlite snapshot file of a migrated database with nothing seeded, for the tests of a first start. */
    blankTemplate: string;
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
  const blankPath = path.join(dir, 'blank.tar');
  const saveSnapshot = async (database: Awaited<ReturnType<typeof openPglite>>, file: string) =>
    writeFile(file, Buffer.from(await (await database.snapshot!()).arrayBuffer()));
  if (testDatabaseUrl) {
    const blank = await openPglite({});
    await saveSnapshot(blank, blankPath);
    await blank.close();
    await adminQuery(testDatabaseUrl, `CREATE DATABASE ${templateDatabase}`);
    const template = await openPostgres(databaseUrl(testDatabaseUrl, templateDatabase));
    await seedDatabase(template.db, seed);
    await template.close();
  } else {
    const template = await openPglite({});
    await saveSnapshot(template, blankPath);
    await seedDatabase(template.db, seed);
    await saveSnapshot(template, templatePath);
    await template.close();
  }
  project.provide('template', testDatabaseUrl ? templateDatabase : templatePath);
  project.provide('blankTemplate', blankPath);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (testDatabaseUrl) await dropTestDatabase(testDatabaseUrl, templateDatabase);
  };
}
