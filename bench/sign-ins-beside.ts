/**
 * Sign-ins do not slow everyone else: the p99 of `api/menus/build` while 20 sign-ins a second
 * (captcha, password check, session, the user's menus and permissions) run beside it, against
 * its p99 without them, in alternating rounds.
 *
 * The reads come from autocannon at a steady 2,000 requests a second over 10 connections (a
 * busy office, a tenth of what one instance serves), so that the p99 shows how long a read waits
 * behind sign-ins rather than how full the server is; latencies are taken from autocannon's
 * per-response event, to the microsecond (its own histogram keeps whole milliseconds). The
 * sign-ins run in a process of their own (bench/sign-in-loop.ts). The server's requests/s at
 * full load, with and without the sign-ins, are printed beside the figure.
 *
 * The clients run on the first CPU and the server on the others, as when they are other
 * machines, and the sign-ins' client at the lowest priority, so that it never holds up the
 * reading of an answer. Sharing the two CPUs of a small machine, the clients alone raised the
 * reads' p99 by more than half: sending the same sign-ins to a second server process, which the
 * measured one never sees, did so (docs/performance.md).
 *
 *   npx tsx bench/sign-ins-beside.ts
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { median, quantile, record } from './results.ts';
import { separateClientsFromServer, signIn, startConsole } from './server-process.ts';

const PORT = 8793;
const RATE = 2000;
const SIGN_INS_PER_SECOND = 20;
const SECONDS = 5;
const ROUNDS = 5;

/** Latencies (ms, to the microsecond) of `seconds` of reads at `rate` a second, or at full speed; and requests/s. */
async function reads(url: string, headers: Record<string, string>, rate: number | undefined, seconds = SECONDS) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, headers, connections: 10, duration: seconds, ...(rate ? { overallRate: rate } : {}) },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms);
    });
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { latencies, rps: result.requests.average };
}

/** Starts the sign-ins; `stop()` ends them and answers how many succeeded. */
async function startSigningIn(base: string) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'sign-in-loop.ts'), {
    env: { ...process.env, BASE: base, RATE: String(SIGN_INS_PER_SECOND) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the sign-in loop exited (${code})`)));
  });
  return {
    stop: () =>
      new Promise<{ done: number; failed: number; firstFailure?: string }>((resolve) => {
        child.once('message', (counts) => resolve(counts as { done: number; failed: number; firstFailure?: string }));
        child.send('stop');
      }),
  };
}

const bundle = await buildServer();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-bench-sign-ins-'));
const split = separateClientsFromServer();
const ours = await startConsole(bundle, dataDir, PORT, { LOG_LEVEL: 'info' }, { cpus: split.cpus });
try {
  const url = `${ours.base}/api/menus/build`;
  const headers = { 'accept-encoding': 'gzip, deflate, br', authorization: await signIn(ours.base) };
  await reads(url, headers, undefined, 2); // warm-up
  const quiet: number[] = [];
  const busy: number[] = [];
  let signIns = 0;
  for (let round = 0; round < ROUNDS; round++) {
    quiet.push(...(await reads(url, headers, RATE)).latencies);
    const signing = await startSigningIn(ours.base);
    busy.push(...(await reads(url, headers, RATE)).latencies);
    const counts = await signing.stop();
    if (counts.failed > 0) throw new Error(`${counts.failed} sign-ins failed: ${counts.firstFailure}`);
    signIns += counts.done;
  }
  // Full load, for the record: how much of the server the sign-ins take.
  const fullQuiet = await reads(url, headers, undefined);
  const signing = await startSigningIn(ours.base);
  const fullBusy = await reads(url, headers, undefined);
  await signing.stop();

  const round3 = (ms: number) => Math.round(ms * 1000) / 1000;
  record('sign-ins-beside', {
    name: `api/menus/build p99 with ${Math.round(signIns / (ROUNDS * SECONDS))} sign-ins/s beside it`,
    value: round3(quantile(busy, 0.99)),
    unit: 'ms',
    baseline: { name: 'without them', value: round3(quantile(quiet, 0.99)) },
    target: { compare: '<=', limit: 1.5, of: 'ratio' },
    detail:
      `${RATE} reads/s over 10 connections, ${ROUNDS} alternating rounds of ${SECONDS} s; ` +
      `${split.described}; ` +
      `medians ${round3(median(busy))} and ${round3(median(quiet))} ms; at full load ` +
      `${Math.round(fullBusy.rps)} requests/s beside the sign-ins, ${Math.round(fullQuiet.rps)} without`,
  });
} finally {
  await ours.stop();
  await rm(dataDir, { recursive: true, force: true });
}
