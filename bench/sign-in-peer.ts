/**
 * Click "Log in" → the dashboard with its menu rendered: our console beside eladmin-web (the
 * public Vue client this server is wire-compatible with), both against ONE of our built servers,
 * alternating in the same run, ROUNDS sign-ins each in Debian's Chromium (each in a fresh browser
 * context, the form filled the way a person would). Prints the medians, their ratio (ours ÷
 * eladmin-web, target ≤ 0.5) and records it, measured in the page from the click event to the
 * first frame showing the dashboard and its menu (not with Playwright's locators, which poll up
 * to 500 ms apart and query the page while it renders: see bench/sign-in-rounds.ts); each login
 * page's bytes; and the requests and long tasks of each client after the click in the last and
 * the slowest round.
 *
 * eladmin-web is not built here: PEER_DIST (default /work/peer/eladmin-web/dist) names a
 * production build of its public source that calls its API on the same origin.
 * It is served as nginx would serve it (its precompressed .gz files, otherwise gzip for text, the
 * index for unknown paths) from a second loopback port that passes /auth, /api, /avatar, /files
 * and /websocket to our server. eladmin-web encrypts the password with the RSA public key in its
 * src/utils/rsaEncrypt.js; our server takes those passwords with LEGACY_RSA_PRIVATE_KEY, by
 * default the matching private key that eladmin publishes with its sources.
 *
 *   npm run build && npm run bench:peer
 */
import { existsSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, CHROMIUM, startTestServer } from '../e2e/support/test-server.ts';
import { servePeer } from './peer-static.ts';
import { median, record } from './results.ts';
import {
  type Client,
  describeRequests,
  OURS,
  type Round,
  SYSTEM_MENU,
  signInRound,
  visible,
} from './sign-in-rounds.ts';

const ROUNDS = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8801);
/** Our server takes PORT and PORT + 1 (its mail); eladmin-web is served on PORT + 2. */
const PEER_PORT = PORT + 2;
const PEER_DIST = path.resolve(process.env.PEER_DIST ?? '/work/peer/eladmin-web/dist');
/** The private key eladmin publishes beside the public key hard-coded in eladmin-web (RSA-512, PKCS#8). */
const ELADMIN_PRIVATE_KEY =
  'MIIBUwIBADANBgkqhkiG9w0BAQEFAASCAT0wggE5AgEAAkEA0vfvyTdGJkdbHkB8mp0f3FE0GYP3AYPaJF7jUd1M0XxFSE2ceK3k2kw20YvQ09NJ' +
  'Kk+OMjWQl9WitG9pB6tSCQIDAQABAkA2SimBrWC2/wvauBuYqjCFwLvYiRYqZKThUS3MZlebXJiLB+Ue/gUifAAKIg1avttUZsHBHrop4qfJCwAI' +
  '0+YRAiEA+W3NK/RaXtnRqmoUUkb59zsZUBLpvZgQPfj1MhyHDz0CIQDYhsAhPJ3mgS64NbUZmGWuuNKp5coY2GIj/zYDMJp6vQIgUueLFXv/eZ1e' +
  'kgz2Oi67MNCk5jeTF2BurZqNLR3MSmUCIFT3Q6uHMtsB9Eha4u7hS31tj1UWE+D+ADzp59MGnoftAiBeHT7gDMuqeJHPL4b+kC+gzV4FGTfhR9q3' +
  'tTbklZkD2A==';

if (!existsSync(path.join(PEER_DIST, 'index.html'))) {
  console.error(
    `No eladmin-web build at ${PEER_DIST} (PEER_DIST): a production build of eladmin-web's public source ` +
      `(github.com/elunez/eladmin-web), calling its API on the same origin, is expected there (its index.html first).`,
  );
  process.exit(1);
}

/** eladmin-web's login page (src/views/login.vue) and dashboard (src/views/home.vue), as a person sees them. */
const ELADMIN_WEB: Client = {
  async fill(page: Page) {
    await page.goto('/login');
    await page.locator('.login-code img[src^="data:"]').waitFor();
    await page.getByPlaceholder('账号').fill('admin');
    await page.getByPlaceholder('密码').fill(ADMIN_PASSWORD);
    await page.getByPlaceholder('验证码').fill(CAPTCHA_ANSWER);
  },
  click: (page) => page.locator('.login-form').getByRole('button', { name: '登 录' }).click(),
  rendered: `${SYSTEM_MENU} && ${visible("document.querySelector('.dashboard-container')")}`,
  async dashboard(page, mark) {
    await page.locator('.dashboard-container').waitFor();
    mark('dashboard shown');
    await page
      .getByRole('menuitem', { name: /System/ })
      .first()
      .waitFor();
  },
};

process.env.LEGACY_RSA_PRIVATE_KEY ??= ELADMIN_PRIVATE_KEY;
const server = await startTestServer(PORT, '/tmp/bench-sign-in-peer-server.log');
let peer: http.Server | undefined;
let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
const rounds: { ours: Round[]; peer: Round[] } = { ours: [], peer: [] };
try {
  peer = await servePeer(PEER_DIST, PEER_PORT, PORT);
  browser = await chromium.launch(CHROMIUM);
  const peerURL = `http://127.0.0.1:${PEER_PORT}`;
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which goes first, so that neither always follows the other.
    const order = round % 2 === 0 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const);
    for (const which of order) {
      rounds[which].push(
        which === 'ours'
          ? await signInRound(browser, server.baseURL, OURS, 'frames')
          : await signInRound(browser, peerURL, ELADMIN_WEB, 'frames'),
      );
    }
  }
} finally {
  await browser?.close();
  if (peer) {
    const closed = new Promise((resolve) => peer?.close(resolve));
    peer.closeAllConnections();
    await closed;
  }
  await server.stop();
}

/** The medians of one measure of both clients, and its line. */
const compare = (measure: (round: Round) => number) => {
  const ours = median(rounds.ours.map(measure));
  const eladmin = median(rounds.peer.map(measure));
  const all = (list: Round[]) => list.map((round) => Math.round(measure(round))).join(', ');
  return {
    ours,
    eladmin,
    line: `ours ${Math.round(ours)} ms, eladmin-web ${Math.round(eladmin)} ms, ratio ${(ours / eladmin).toFixed(2)}× (ours: ${all(rounds.ours)}; eladmin-web: ${all(rounds.peer)})`,
  };
};
const frames = compare((round) => round.framesMs);
const reported = compare((round) => round.ms);
console.log(`click "Log in" → dashboard with its menu, median of ${ROUNDS} each, alternating:`);
console.log(`  as the page saw it (click event → first frame showing both): ${frames.line}`);
console.log(`  click() called → the page's mark reported back to the benchmark: ${reported.line}`);
const slowest = (list: Round[]) => list.reduce((slow, round) => (round.framesMs > slow.framesMs ? round : slow));
for (const [name, list] of [
  ['ours', rounds.ours],
  ['eladmin-web', rounds.peer],
] as const) {
  const last = list.at(-1)!;
  console.log(
    `  ${name}, the last: ${last.steps} (from click()); requests and tasks from the click event:\n${describeRequests(last)}`,
  );
  console.log(`  ${name}, the slowest: ${slowest(list).steps}\n${describeRequests(slowest(list))}`);
}
const oursBytes = median(rounds.ours.map((round) => round.loginBytes));
const peerBytes = median(rounds.peer.map((round) => round.loginBytes));
const encodings = (list: Round[]) =>
  Object.entries(list.at(-1)!.loginEncodings)
    .map(([encoding, count]) => `${count} ${encoding}`)
    .join(', ');
const bytesDetail = `responses by Content-Encoding: ours ${encodings(rounds.ours)}; eladmin-web ${encodings(rounds.peer)}`;
console.log(
  `login page bytes received up to the click (compressed as Chromium fetched them): ours ${oursBytes}, eladmin-web ${peerBytes} (${bytesDetail})`,
);

record('sign-in', {
  name: 'Click "Log in" → first frame showing the dashboard with its menu (Chromium, loopback, median of 10)',
  value: frames.ours,
  unit: 'ms',
  baseline: { name: 'eladmin-web', value: Math.round(frames.eladmin * 1000) / 1000 },
  target: { compare: '<=', limit: 0.5, of: 'ratio' },
  detail: `${frames.line}; click() called → reported back: ${reported.line}`,
});
record('login-bytes', {
  name: 'Login page bytes received up to the click (compressed as Chromium fetched them)',
  value: oursBytes,
  unit: 'B',
  baseline: { name: 'eladmin-web', value: peerBytes },
  target: { compare: '<=', limit: 1, of: 'ratio' },
  detail: `informative; ${bytesDetail}`,
});
