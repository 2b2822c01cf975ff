/**
 * The hot reads over HTTP with a load generator (autocannon, 10 connections), against a baseline
 * measured in the same run: bare Fastify answering the same requests with the same bytes and
 * headers (the security headers, the ETag, the request id), so that the ratio is what the console
 * does beyond it. Both get the same request, the signed-in user's token included (bare Fastify
 * ignores it): the load generator writes, and the kernel carries, the same bytes to each. The
 * console runs from its bundle, logging at `info` (one line per request), and the requests ask for
 * compression as a browser does.
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
import { median, record } from './results.ts';
import { listening, signIn, startConsole, stopProcess } from './server-process.ts';

const OURS = 8795;
const BARE = 8794;
const SECONDS = 4;
/** An even number: each server goes first in half of them. */
const ROUNDS = 8;
const WARM_UP_SECONDS = 2;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

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

const bundle = await buildServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-bench-http-'));
const ours = await startConsole(bundle, dataDir, OURS, { LOG_LEVEL: 'info' });
const bare: ChildProcess[] = [];
try {
  const { base } = ours;
  const headers = { ...BROWSER, authorization: await signIn(base) };

  const reads = [
    ['hot-read-menus', 'api/menus/build', '/api/menus/build'],
    ['hot-read-dict', 'api/dictDetail', '/api/dictDetail?dictName=user_status&page=0&size=9999'],
  ] as const;
  for (const [key, name, url] of reads) {
    // The bytes and headers the console answers (compressed as asked), served by bare Fastify.
    const answer = await rawGet(`${base}${url}`, headers);
    const encoding = answer.headers['content-encoding'];
    const encoded = answer.body;
    const file = path.join(dataDir, 'bytes.json');
    await writeFile(
      file,
      JSON.stringify({
        // Every header the console sent but those Node's HTTP server writes itself.
        headers: Object.fromEntries(
          Object.entries(answer.headers).filter(
            ([header]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(header),
          ),
        ),
        body: encoded.toString('base64'),
      }),
    );
    const baseline = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-bytes.mjs')], {
      env: { PATH: process.env.PATH ?? '', PORT: String(BARE), BYTES_FILE: file },
      stdio: 'ignore',
    });
    bare.push(baseline);
    await listening(baseline, `http://127.0.0.1:${BARE}/healthz`);
    const theirs: number[] = [];
    const ours: number[] = [];
    // Neither server is measured before its code for this read has been compiled and optimised.
    await load(`http://127.0.0.1:${BARE}${url}`, headers, WARM_UP_SECONDS);
    await load(`${base}${url}`, headers, WARM_UP_SECONDS);
    // The one measured second in a round fares a little worse on this kind of machine: each goes
    // second in half of the rounds.
    const measureBare = async () => theirs.push((await load(`http://127.0.0.1:${BARE}${url}`, headers)).rps);
    const measureOurs = async () => ours.push((await load(`${base}${url}`, headers)).rps);
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = round % 2 === 0 ? [measureBare, measureOurs] : [measureOurs, measureBare];
      await first();
      await second();
    }
    const ratios = ours.map((rps, round) => rps / (theirs[round] as number)).sort((a, b) => a - b);
    record(key, {
      name: `${name} requests/s (${encoding ?? 'identity'}, ${encoded.length} bytes), 10 connections`,
      value: Math.round(median(ours)),
      unit: 'req/s',
      baseline: { name: 'bare Fastify, same requests, bytes and headers', value: Math.round(median(theirs)) },
      // Each round measures both, one after the other: its ratio compares them under the same
      // conditions, which drift on a shared machine from one round to the next.
      ratio: median(ratios),
      target: { compare: '>=', limit: 0.8, of: 'ratio' },
      detail: `medians of ${ROUNDS} rounds of ${SECONDS} s, alternating, after ${WARM_UP_SECONDS} s of warm-up each; the ratio is the median of the rounds' ratios, ${ratios[0]?.toFixed(2)}–${ratios.at(-1)?.toFixed(2)}`,
    });
    await stopProcess(baseline);
  }
} finally {
  for (const child of bare) await stopProcess(child);
  await ours.stop();
  await rm(dataDir, { recursive: true, force: true });
}
