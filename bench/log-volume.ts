/**
 * Log lines per request at the default level (`info`, as `npm start` logs): the console started
 * from its bundle, a mix of the console's requests (reads, a refused token, a missing path, a
 * sign-in's two requests), and its standard output counted. Baseline, same run: bare Fastify with
 * its own default request logging, answering as many requests.
 *
 *   npx tsx bench/log-volume.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { record } from './results.ts';
import { listening, signIn, startConsole, stopProcess } from './server-process.ts';

const PORT = 8792;
const BARE = 8791;
const ROUNDS = 50;

/** Counts the lines a stream carries; the answer counts those since it was called. */
function countLines(stream: Readable): () => () => number {
  let lines = 0;
  stream.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) lines++;
  });
  return () => {
    const before = lines;
    return () => lines - before;
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

const bundle = await buildServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-bench-log-'));
try {
  await (await startConsole(bundle, dataDir, PORT)).stop();
  const server = await startConsole(
    bundle,
    dataDir,
    PORT,
    { NODE_ENV: 'development', LOG_LEVEL: 'info' },
    { stdio: 'pipe' },
  );
  const linesSince = countLines(server.child.stdout as Readable);
  let requests = 0;
  let lines: () => number;
  try {
    const authorization = await signIn(server.base);
    await settle();
    lines = linesSince();
    for (let round = 0; round < ROUNDS; round++) {
      const calls: [string, Record<string, string>][] = [
        ['/api/menus/build', { authorization }],
        ['/api/dictDetail?dictName=user_status&page=0&size=9999', { authorization }],
        ['/api/users?page=0&size=10', { authorization }],
        ['/api/users?page=0&size=10', { authorization: 'Bearer not-a-token' }],
        ['/api/no-such-path', { authorization }],
      ];
      for (const [url, headers] of calls) {
        await (await fetch(`${server.base}${url}`, { headers })).arrayBuffer();
        requests++;
      }
      if (round % 10 === 0) {
        await signIn(server.base);
        requests += 2;
      }
    }
    await settle();
  } finally {
    await server.stop();
  }
  const ours = lines() / requests;

  const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-logging.mjs')], {
    env: { PATH: process.env.PATH ?? '', PORT: String(BARE) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bareLinesSince = countLines(bare.stdout as Readable);
  await listening(bare, `http://127.0.0.1:${BARE}/healthz`);
  await settle();
  const bareLines = bareLinesSince();
  for (let i = 0; i < requests; i++) await (await fetch(`http://127.0.0.1:${BARE}/api/x`)).arrayBuffer();
  await settle();
  await stopProcess(bare);
  record('log-volume', {
    name: 'log lines per request at the default level',
    value: Math.round(ours * 100) / 100,
    unit: 'lines',
    baseline: { name: "Fastify's own request logging", value: Math.round((bareLines() / requests) * 100) / 100 },
    target: { compare: '<=', limit: 1, of: 'value' },
    detail: `${requests} requests: reads, a refused token, a missing path, sign-ins`,
  });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
