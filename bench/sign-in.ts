/**
 * Click "Log in" → the dashboard with its menu rendered, in Debian's Chromium against the built
 * console on loopback, median of ROUNDS sign-ins (each in a fresh browser context, the form
 * filled the way a person would). Beside it, where the time goes in the last round: when the
 * sign-in request left, when the menus arrived, when the page was done.
 *
 *   npm run build && npx tsx bench/sign-in.ts
 */
import { chromium } from '@playwright/test';
import { CHROMIUM, startTestServer } from '../e2e/support/test-server.ts';
import { OURS, type Round, signInRound } from './sign-in-rounds.ts';

const ROUNDS = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8797);

const server = await startTestServer(PORT, '/tmp/bench-sign-in-server.log');
const browser = await chromium.launch(CHROMIUM);

const times: number[] = [];
let last: Round | undefined;
try {
  for (let round = 0; round < ROUNDS; round++) {
    last = await signInRound(browser, server.baseURL, OURS);
    times.push(last.ms);
  }
} finally {
  await browser.close();
  await server.stop();
}
times.sort((a, b) => a - b);
console.log(
  `click "Log in" → dashboard with its menu (median of ${ROUNDS}): ${Math.round(times[ROUNDS >> 1] as number)} ms`,
);
console.log(`  all: ${times.map((time) => Math.round(time)).join(', ')} ms`);
console.log(`  the last: ${last?.steps}`);
