/**
 * Start to first answer, against a baseline measured in the same run: bare Fastify answering
 * `/healthz`. The console starts from its bundle (as `npm start` runs it) on an existing data
 * directory (the first start, which creates the database, is not counted). Prints the medians
 * of ROUNDS starts each and their ratio.
 *
 *   npm run bench
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverEnvironment, serverNodeFlags } from '../apps/server/scripts/build.mjs';
import { median, record } from './results.ts';

const ROUNDS = 7;
const PORT = 8799;

/** Milliseconds from spawning `script` to its first 200 on /healthz; then stops it. */
async function startUp(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode}) before answering`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const bundle = await buildServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-bench-start-'));
const consoleArgs = [...serverNodeFlags, bundle];
const consoleEnv = {
  ...serverEnvironment,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-password-1',
  NODE_ENV: 'production',
};
try {
  await startUp(consoleArgs, consoleEnv); // creates the database
  const bare: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await startUp([path.join(import.meta.dirname, 'bare-fastify.mjs')], {}));
    ours.push(await startUp(consoleArgs, consoleEnv));
  }
  record('start-up', {
    name: `start to first answer, existing data directory (median of ${ROUNDS})`,
    value: Math.round(median(ours)),
    unit: 'ms',
    baseline: { name: 'bare Fastify', value: Math.round(median(bare)) },
    target: { compare: '<=', limit: 1000, of: 'value' },
  });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
