/**
 * The hot reads over HTTP with a load generator (autocannon, 10 connections), against a baseline
 * measured in the same run: bare Fastify answering the same bytes with the same headers. The
 * console runs from its bundle, logging at `info` (one line per request), and the requests ask for
 * compression as a browser does. Also: the p99 of `api/menus/build` while 20 sign-ins a second
 * run beside it, against its p99 without them.
 *
 *   npx tsx bench/hot-reads-http.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer } from '../apps/server/scripts/build.mjs';

const OURS = 8795;
const BARE = 8794;
const SECONDS = 5;
const ROUNDS = 3;
const CAPTCHA = '7';
const PASSWORD = 'bench-password-1';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

async function listening(child: ChildProcess, port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server on ${port} exited`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status < 500) return;
    } catch {
      // Not yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

async function load(url: string, headers: Record<string, string>, seconds = SECONDS) {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** A GET's headers and its bytes as they travel (not decoded). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const bundle = await buildServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-bench-http-'));
const ours = spawn(process.execPath, [bundle], {
  env: {
    PATH: process.env.PATH ?? '',
    PORT: String(OURS),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    CAPTCHA_TEST_ANSWER: CAPTCHA,
    ADMIN_PASSWORD: PASSWORD,
    AUTH_RATE_LIMIT: '100000',
  },
  stdio: 'ignore',
});
const bare: ChildProcess[] = [];
try {
  await listening(ours, OURS);
  const base = `http://127.0.0.1:${OURS}`;
  const signIn = async () => {
    const { uuid } = (await (await fetch(`${base}/auth/code`)).json()) as { uuid: string };
    const response = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD, code: CAPTCHA, uuid }),
    });
    if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
    return ((await response.json()) as { token: string }).token;
  };
  const headers = { ...BROWSER, authorization: await signIn() };

  for (const [name, url] of [
    ['api/menus/build', '/api/menus/build'],
    ['api/dictDetail', '/api/dictDetail?dictName=user_status&page=0&size=9999'],
  ] as const) {
    // The bytes and headers the console answers (compressed as asked), served by bare Fastify.
    const answer = await rawGet(`${base}${url}`, headers);
    const encoding = answer.headers['content-encoding'];
    const encoded = answer.body;
    const file = path.join(dataDir, 'bytes.json');
    await writeFile(
      file,
      JSON.stringify({
        headers: {
          'content-type': answer.headers['content-type'],
          ...(encoding ? { 'content-encoding': encoding } : {}),
        },
        body: encoded.toString('base64'),
      }),
    );
    const baseline = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-bytes.mjs')], {
      env: { PATH: process.env.PATH ?? '', PORT: String(BARE), BYTES_FILE: file },
      stdio: 'ignore',
    });
    bare.push(baseline);
    await listening(baseline, BARE);
    const ratios: number[] = [];
    let line = '';
    for (let round = 0; round < ROUNDS; round++) {
      const them = await load(`http://127.0.0.1:${BARE}${url}`, BROWSER);
      const us = await load(`${base}${url}`, headers);
      ratios.push(us.rps / them.rps);
      line = `bare Fastify ${Math.round(them.rps)} req/s, console ${Math.round(us.rps)} req/s`;
    }
    const ratio = median(ratios);
    console.log(
      `${ratio >= 0.8 ? '✔' : '✖'} ${name} (${encoding ?? 'identity'}, ${encoded.length} bytes): ${ratio.toFixed(2)}× bare Fastify's requests per second (last round: ${line}); target ≥ 0.8`,
    );
    await stop(baseline);
  }

  // The sidebar's p99 alone, then with 20 sign-ins a second beside it.
  const quiet = await load(`${base}/api/menus/build`, headers, 10);
  let signingIn = true;
  let signIns = 0;
  const burst = (async () => {
    while (signingIn) {
      const started = Date.now();
      await Promise.all(Array.from({ length: 20 }, () => signIn().then(() => signIns++)));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  const busy = await load(`${base}/api/menus/build`, headers, 10);
  signingIn = false;
  await burst;
  const ratio = busy.p99 / Math.max(quiet.p99, 1);
  console.log(
    `${ratio <= 1.5 ? '✔' : '✖'} api/menus/build p99 with ${Math.round(signIns / 10)} sign-ins/s beside it: ${busy.p99} ms, alone ${quiet.p99} ms, ${ratio.toFixed(2)}×; target ≤ 1.5×`,
  );
} finally {
  for (const child of bare) await stop(child);
  await stop(ours);
  await rm(dataDir, { recursive: true, force: true });
}
