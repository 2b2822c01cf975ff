/**
 * What the soak run stands up on this one machine, as docs/deployment.md's third shape: a fresh
 * database on the PostgreSQL primary (streamed to its replica), the fleet written into it,
 * mosquitto with the fleet's accounts, the S3 test server, two consoles from the built bundle
 * and nginx in front of them; and an agent's manager beside the administrator.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { signingKeyOf } from '../apps/server/src/modules/gateway/gateway-signing.ts';
import { writeFleet } from '../apps/server/test/fleet-rows.ts';
import { startMosquitto, type TestMosquitto } from '../apps/server/test/mosquitto.ts';
import { startLocalS3 } from '../apps/server/test/object-storage.ts';
import { startNginx } from '../apps/server/test/postgres/nginx.ts';
import { signIn as signInAs } from '../apps/server/test/server-process.ts';
import { ADMIN_PASSWORD, type ConsoleProcess, signIn, startConsole } from './server-process.ts';

/** The clusters of `.ci/start-replica`, and the role that may create databases on them. */
export const PRIMARY_URL = process.env.SOAK_PRIMARY_URL ?? 'postgres://console_ci:console_ci@127.0.0.1:5432/console_ci';
export const REPLICA_URL = process.env.SOAK_REPLICA_URL ?? 'postgres://console_ci:console_ci@127.0.0.1:5433/console_ci';

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
};

async function once<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database on the primary; answers its URLs on the primary and the replica once the replica has it. */
export async function freshDatabase(name: string): Promise<{ url: string; readUrl: string; drop(): Promise<void> }> {
  await once(PRIMARY_URL, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(PRIMARY_URL, name);
  const readUrl = withDatabase(REPLICA_URL, name);
  for (let attempt = 0; ; attempt++) {
    try {
      await once(readUrl, (client) => client.query('SELECT 1'));
      break;
    } catch (error) {
      if (attempt > 100) throw new Error(`the replica does not have ${name}: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    readUrl,
    drop: async () => {
      await once(PRIMARY_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Migrates and seeds the database as a first start would, and writes `count` operating machines into it. */
export async function fleetInDatabase(url: string, count: number) {
  const opened = await openDatabase(
    loadConfig({ NODE_ENV: 'test', MQTT_PORT: 'off', DATABASE_URL: url, ADMIN_PASSWORD, LOG_LEVEL: 'silent' }),
  );
  try {
    const { db } = opened.database;
    const { agentId, fleet } = await writeFleet(db, count, (index) => `SK${String(index).padStart(5, '0')}`);
    const { rows } = (await db.execute(
      sql`SELECT dept_id AS "deptId" FROM biz_agent WHERE id = ${agentId}`,
    )) as unknown as {
      rows: { deptId: number }[];
    };
    return { agentId, deptId: rows[0]?.deptId as number, fleet };
  } finally {
    await opened.database.close();
  }
}

export interface Instance {
  /** Which of the two (1 or 2). */
  slot: number;
  port: number;
  dataDir: string;
  current: ConsoleProcess;
}

export interface Stack {
  database: { url: string; readUrl: string };
  broker: TestMosquitto;
  nginxUrl: string;
  instances: Instance[];
  fleet: { serialNo: string; secret: string; id: number }[];
  agent: { id: number; deptId: number };
  /** Starts instance `slot` again (after it was killed), on its port and data directory. */
  restart(instance: Instance): Promise<void>;
  close(): Promise<void>;
}

const CONSOLE_PORTS = [8811, 8812];

/** Everything, in the order docs/deployment.md gives: database, broker, bucket, consoles (one after the other), nginx. */
export async function standUp(machines: number, log: (line: string) => void): Promise<Stack> {
  const name = `soak_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer().catch((error) => log(`clean-up: ${error}`));
  };
  try {
    const database = await freshDatabase(name);
    closers.push(database.drop);
    log(`database ${name} on the primary, seen by the replica`);
    // The figures depend on them (docs/deployment.md, "The write-ahead log").
    const settings = await once(PRIMARY_URL, (client) =>
      client.query<{ name: string; setting: string; unit: string | null }>(
        `SELECT name, setting, unit FROM pg_settings WHERE name IN ('wal_compression', 'checkpoint_timeout', 'max_wal_size', 'synchronous_commit')`,
      ),
    );
    log(`primary: ${settings.rows.map(({ name, setting, unit }) => `${name} ${setting}${unit ?? ''}`).join(', ')}`);
    let started = performance.now();
    const { agentId, deptId, fleet } = await fleetInDatabase(database.url, machines);
    log(`migrated, seeded and ${machines} machines written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const broker = await startMosquitto({
      machines: fleet.map(({ serialNo, secret }) => ({ serialNo, secretHash: signingKeyOf(secret) })),
    });
    closers.push(() => broker.close());
    const bucket = await startLocalS3();
    closers.push(() => bucket.stop());
    started = performance.now();
    const bundle = await buildServer();
    log(`server bundle built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const env = {
      DATABASE_URL: database.url,
      DATABASE_READ_URL: database.readUrl,
      MQTT_URL: broker.consoleUrl,
      MQTT_PORT: 'off',
      STORAGE_URL: bucket.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PAYMENT_NOTIFY_KEY: randomBytes(24).toString('base64url'),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'error',
    };
    // Flags for the consoles' Node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/soak-profiles` to see where their time goes.
    const nodeFlags = process.env.SOAK_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
    const instances: Instance[] = [];
    for (const [index, port] of CONSOLE_PORTS.entries()) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `soak-console-${index + 1}-`));
      closers.push(() => rm(dataDir, { recursive: true, force: true }));
      const instance: Instance = {
        slot: index + 1,
        port,
        dataDir,
        current: await startConsole(bundle, dataDir, port, env, { nodeFlags }),
      };
      closers.push(() => instance.current.stop());
      instances.push(instance);
      log(`console ${index + 1} answers on port ${port}`);
    }
    const nginx = await startNginx(CONSOLE_PORTS.map((port) => `127.0.0.1:${port}`));
    closers.push(() => nginx.stop());
    log(`nginx in front of both at ${nginx.baseUrl}`);
    return {
      database,
      broker,
      nginxUrl: nginx.baseUrl,
      instances,
      fleet,
      agent: { id: agentId, deptId },
      restart: async (instance) => {
        instance.current = await startConsole(bundle, instance.dataDir, instance.port, env, { nodeFlags });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The administrator's session, and that of a manager of the fleet's agent (made now), both through nginx. */
export async function staffSessions(base: string, agent: { deptId: number }) {
  const admin = await signIn(base);
  const roles = (await (await fetch(`${base}/api/roles?size=100`, { headers: { authorization: admin } })).json()) as {
    content: { id: number; name: string }[];
  };
  const role = roles.content.find((candidate) => candidate.name === 'Agent manager');
  if (!role) throw new Error('no role "Agent manager"');
  const created = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { authorization: admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'soak_manager',
      nickName: 'Soak manager',
      dept: { id: agent.deptId },
      roles: [{ id: role.id }],
      password: ADMIN_PASSWORD,
    }),
  });
  if (created.status !== 201) throw new Error(`could not create the agent's manager: ${await created.text()}`);
  const manager = await signInAs(base, 'soak_manager', ADMIN_PASSWORD, '7');
  return { admin, manager };
}
