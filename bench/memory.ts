/**
 * The server's memory as the kernel counts it (RSS, every thread), started from its bundle on an
 * existing data directory as in production: idle after start, the highest during a minute of
 * mixed reads (the console's lists and hot reads from 10 connections) with sign-ins beside them,
 * and 30 s after the load ends. Baseline, same run: bare Fastify idle.
 *
 *   npx tsx bench/memory.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { record } from './results.ts';
import { listening, rssMiB, signIn, startConsole, stopProcess } from './server-process.ts';

const PORT = 8796;
const BARE = 8793;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SETTLE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bundle = await buildServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-bench-memory-'));
try {
  // The first start creates the database; the figures are of a later start, as in production.
  await (await startConsole(bundle, dataDir, PORT)).stop();

  const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-fastify.mjs')], {
    env: { PATH: process.env.PATH ?? '', PORT: String(BARE) },
    stdio: 'ignore',
  });
  await listening(bare, `http://127.0.0.1:${BARE}/healthz`);
  await sleep(5000);
  const bareIdle = rssMiB(bare.pid as number);
  await stopProcess(bare);

  const server = await startConsole(bundle, dataDir, PORT, { LOG_LEVEL: 'warn' });
  const pid = server.child.pid as number;
  try {
    await sleep(5000);
    const idle = rssMiB(pid);
    const authorization = await signIn(server.base);
    let peak = idle;
    const sampling = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid));
    }, 250);
    let signIns = 0;
    const signingIn = setInterval(() => {
      signIn(server.base).then(() => signIns++);
    }, 200);
    const paths = [
      '/api/menus/build',
      '/api/dictDetail?dictName=user_status&page=0&size=9999',
      '/api/users?page=0&size=10',
      '/api/users?blurry=adm&page=0&size=10',
      '/api/roles?page=0&size=10',
      '/api/menus?page=0&size=10',
      '/api/dept?enabled=true',
      '/api/logs?page=0&size=10',
      '/api/dict?page=0&size=10',
      '/auth/info',
    ];
    const load = await autocannon({
      url: server.base,
      connections: 10,
      duration: LOAD_SECONDS,
      headers: { authorization, 'accept-encoding': 'gzip, deflate, br' },
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
    clearInterval(signingIn);
    clearInterval(sampling);
    const afterLoad = rssMiB(pid);
    peak = Math.max(peak, afterLoad);
    if (load.non2xx > 0 || load.errors > 0) throw new Error(`${load.non2xx} non-2xx answers, ${load.errors} errors`);
    await sleep(SETTLE_MS);
    const settled = rssMiB(pid);
    const detail = `${Math.round(load.requests.average)} req/s over ${paths.length} reads and ${Math.round(signIns / LOAD_SECONDS)} sign-ins/s for ${LOAD_SECONDS} s`;
    record('memory-idle', {
      name: 'server memory (RSS) idle after start, existing data directory',
      value: idle,
      unit: 'MiB',
      baseline: { name: 'bare Fastify idle', value: bareIdle },
      target: { compare: '<=', limit: 200, of: 'value' },
    });
    record('memory-load', {
      name: 'server memory (RSS), highest under mixed load',
      value: peak,
      unit: 'MiB',
      baseline: { name: 'idle', value: idle },
      target: { compare: '<=', limit: 300, of: 'value' },
      detail: `${detail}; ${afterLoad} MiB as it ended`,
    });
    record('memory-settled', {
      name: `server memory (RSS) ${SETTLE_MS / 1000} s after the load`,
      value: settled,
      unit: 'MiB',
      baseline: { name: 'idle', value: idle },
      target: { compare: '<=', limit: 1.1, of: 'ratio' },
    });
  } finally {
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
