import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Config, checkJwtSecret, jwtSecretFromDataDir } from '../config.ts';
import { type DatabaseHandle, openPglite, openPostgres, withStartupLock } from './client.ts';
import { appSecrets } from './schema.ts';
import { type SeedResult, seedDatabase } from './seed.ts';

export interface OpenedDatabase extends SeedResult {
  database: DatabaseHandle;
  jwtSecret: string;
}

/** Opens (and on first start creates and seeds) the database the configuration names. */
export async function openDatabase(config: Config): Promise<OpenedDatabase> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { readUrl: config.databaseReadUrl })
    : await openPglite({ dataDir: config.dataDir });
  try {
    const seeded = await withStartupLock(database, () =>
      seedDatabase(database.db, {
        adminPassword: config.adminPassword,
        seedDemo: config.seedDemo,
        demoLanguage: config.demoLanguage,
        defaultUserPassword: config.defaultUserPassword,
      }),
    );
    const jwtSecret =
      config.jwtSecret ??
      (database.kind === 'pglite' ? jwtSecretFromDataDir(config.dataDir) : await sharedJwtSecret(database));
    return { database, jwtSecret, ...seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Instances sharing a PostgreSQL database share one generated secret, kept in it. */
async function sharedJwtSecret(database: DatabaseHandle): Promise<string> {
  await database.db
    .insert(appSecrets)
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
  return checkJwtSecret(row!.value, 'the stored JWT secret');
}
