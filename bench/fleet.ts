/** A fleet written straight into the tables (test/fleet-rows.ts), in a data directory of its own, for the gateway benchmarks. */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { writeFleet } from '../apps/server/test/fleet-rows.ts';
import { ADMIN_PASSWORD } from './server-process.ts';

/**
 * A new embedded data directory holding such a fleet of `count` machines numbered
 * `{prefix}00000`…, written before the console opens it.
 */
export async function fleetDirectory(prefix: string, count: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${prefix.toLowerCase()}-`));
  const opened = await openDatabase(
    loadConfig({ NODE_ENV: 'test', MQTT_PORT: 'off', DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent' }),
  );
  try {
    const { fleet } = await writeFleet(
      opened.database.db,
      count,
      (index) => `${prefix}${String(index).padStart(5, '0')}`,
    );
    return { dataDir, fleet };
  } finally {
    await opened.database.close();
  }
}
