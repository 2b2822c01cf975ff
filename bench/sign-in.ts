/**
 * Click "Log in" → the dashboard with its menu rendered, in Debian's Chromium against the built
 * console on loopback, median of ROUNDS sign-ins (each in a fresh browser context, the form
 * filled the way a person would). Beside it, where the time goes in the last round: when the
 * sign-in request left, when the menus arrived, when the page was done.
 *
 *   npm run build && npx tsx bench/sign-in.ts
 */
import { chromium } from '@playwright/test';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, CHROMIUM, startTestServer } from '../e2e/support/test-server.ts';

const ROUNDS = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8797);

const server = await startTestServer(PORT, '/tmp/bench-sign-in-server.log');
const browser = await chromium.launch(CHROMIUM);

const times: number[] = [];
let steps = '';
try {
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ baseURL: server.baseURL, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByAltText('Captcha').waitFor();
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
    await page.waitForLoadState('networkidle');
    const marks: Record<string, number> = {};
    page.on('request', (request) => {
      if (request.url().endsWith('/auth/login')) marks.signInSent ??= performance.now();
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/api/menus/build')) marks.menusArrived ??= performance.now();
    });
    const clicked = performance.now();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Welcome, admin').waitFor();
    await page
      .getByRole('menuitem', { name: /System/ })
      .first()
      .waitFor();
    const done = performance.now();
    times.push(done - clicked);
    const after = (at: number | undefined) => (at === undefined ? '—' : `${Math.round(at - clicked)} ms`);
    steps = `sign-in sent ${after(marks.signInSent)}, menus arrived ${after(marks.menusArrived)}, done ${after(done)}`;
    await context.close();
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
console.log(`  the last: ${steps}`);
