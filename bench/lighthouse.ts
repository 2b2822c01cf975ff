/**
 * Lighthouse on the sign-in page and on the consumer's page behind a machine's sticker (`/m/:code`,
 * a machine seeded through the API): the performance category with its default mobile profile (an
 * emulated phone, simulated slow 4G and a 4× slower CPU), in Debian's Chromium against the built
 * console on loopback, median of RUNS runs. Records the score and the Largest Contentful Paint;
 * Total Blocking Time, First Contentful Paint and Speed Index go beside them.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * The last run's whole report is written to LIGHTHOUSE_REPORT (/tmp/lighthouse-login.json unless
 * told), to see where the time goes. The simulated timings are the page's own work on this machine
 * times four: on a busy machine they are worse, and the score with them.
 */
import { writeFileSync } from 'node:fs';
import { request } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { apiAs, apiSignIn } from '../e2e/support/api.ts';
import { sellingMachine } from '../e2e/support/business.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, CHROMIUM, startTestServer } from '../e2e/support/test-server.ts';
import { median, record } from './results.ts';

const RUNS = 3;
/** Runs Lighthouse gives up on (a trace without its navigation, now and then) are run again, this many times at most. */
const RETRIES = 2;
const PORT = Number(process.env.BENCH_PORT ?? 8805);
const REPORT = process.env.LIGHTHOUSE_REPORT ?? '/tmp/lighthouse-login.json';
const CONSUMER_REPORT = process.env.LIGHTHOUSE_CONSUMER_REPORT ?? '/tmp/lighthouse-consumer-page.json';

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  si: number;
}

const metric = (lhr: Result, audit: string) => {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse reported no ${audit}: ${lhr.audits[audit]?.errorMessage}`);
  return value;
};

// Something else answering on the port would be measured in place of the server started here.
const taken = await fetch(`http://127.0.0.1:${PORT}/`).then(
  () => true,
  () => false,
);
if (taken) throw new Error(`port ${PORT} is taken: choose another with BENCH_PORT`);
const server = await startTestServer(PORT, '/tmp/bench-lighthouse-server.log');
const runsOf: Record<'login' | 'consumer', Run[]> = { login: [], consumer: [] };
try {
  // A machine selling at a site, with a reading, as a consumer finds it behind its sticker.
  const api = await request.newContext({ baseURL: server.baseURL });
  const admin = apiAs(api, await apiSignIn(api, ADMIN_USERNAME, ADMIN_PASSWORD));
  const machine = await sellingMachine(admin, `LH${Date.now().toString(36)}`);
  await admin.put('api/global/setting', { servicePhone: '400-820-8820' });
  const { stickerCode } = (await (await admin.get(`api/machines/${machine.id}`)).json()) as { stickerCode: string };
  await api.dispose();
  const chrome = await launch({
    chromePath: CHROMIUM.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM.args],
    logLevel: 'silent',
  });
  try {
    for (const [page, path, report] of [
      ['login', '/login', REPORT],
      ['consumer', `/m/${stickerCode}`, CONSUMER_REPORT],
    ] as const) {
      const runs = runsOf[page];
      let failures = 0;
      console.log(`  ${path}`);
      while (runs.length < RUNS) {
        const result = await lighthouse(`${server.baseURL}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error('Lighthouse returned no result');
        const { lhr } = result;
        const score = lhr.categories.performance?.score;
        if (lhr.runtimeError || score === null || score === undefined) {
          const reason = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no score';
          if (++failures > RETRIES) throw new Error(`Lighthouse failed ${failures} times, the last: ${reason}`);
          console.log(`  a run failed (${reason}); running it again`);
          continue;
        }
        const figures: Run = {
          score: Math.round(score * 100),
          lcp: metric(lhr, 'largest-contentful-paint'),
          tbt: metric(lhr, 'total-blocking-time'),
          fcp: metric(lhr, 'first-contentful-paint'),
          si: metric(lhr, 'speed-index'),
        };
        runs.push(figures);
        console.log(
          `  run ${runs.length}: score ${figures.score}, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms, FCP ${Math.round(figures.fcp)} ms, SI ${Math.round(figures.si)} ms`,
        );
        if (runs.length === RUNS) writeFileSync(report, JSON.stringify(lhr, null, 2));
      }
    }
  } finally {
    chrome.kill();
  }
} finally {
  await server.stop();
}

/** The score and LCP rows of a page: the score ≥ 98 and the LCP ≤ 1.5 s on the mobile profile. */
function recordPage(key: string, path: string, runs: Run[]) {
  const of = (name: keyof Run) => median(runs.map((run) => run[name]));
  const ms = (name: keyof Run) => `${Math.round(of(name))} ms`;
  record(`lighthouse-${key}`, {
    name: `Lighthouse performance score of ${path}, mobile profile (median of ${RUNS})`,
    value: of('score'),
    unit: 'points',
    target: { compare: '>=', limit: 98, of: 'value' },
    detail: `medians: LCP ${ms('lcp')}, TBT ${ms('tbt')}, FCP ${ms('fcp')}, SI ${ms('si')}; scores ${runs.map((run) => run.score).join(', ')}`,
  });
  record(`lighthouse-${key}-lcp`, {
    name: `Largest Contentful Paint of ${path}, Lighthouse mobile profile (median of ${RUNS})`,
    value: Math.round(of('lcp')),
    unit: 'ms',
    target: { compare: '<=', limit: 1500, of: 'value' },
    detail: `all ${runs.map((run) => Math.round(run.lcp)).join(', ')} ms; medians: TBT ${ms('tbt')}, FCP ${ms('fcp')}, SI ${ms('si')}`,
  });
}

recordPage('login', '/login', runsOf.login);
recordPage('consumer-page', '/m/{code}', runsOf.consumer);
console.log(`  the last runs' reports: ${REPORT}, ${CONSUMER_REPORT}`);
