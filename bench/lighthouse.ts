/**
 * Lighthouse on the sign-in page: the performance category with its default mobile profile (an
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
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM, startTestServer } from '../e2e/support/test-server.ts';
import { median, record } from './results.ts';

const RUNS = 3;
/** Runs Lighthouse gives up on (a trace without its navigation, now and then) are run again, this many times at most. */
const RETRIES = 2;
const PORT = Number(process.env.BENCH_PORT ?? 8805);
const REPORT = process.env.LIGHTHOUSE_REPORT ?? '/tmp/lighthouse-login.json';

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
const runs: Run[] = [];
try {
  const chrome = await launch({
    chromePath: CHROMIUM.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM.args],
    logLevel: 'silent',
  });
  try {
    let failures = 0;
    while (runs.length < RUNS) {
      const result = await lighthouse(`${server.baseURL}/login`, {
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
      if (runs.length === RUNS) writeFileSync(REPORT, JSON.stringify(lhr, null, 2));
    }
  } finally {
    chrome.kill();
  }
} finally {
  await server.stop();
}

const of = (key: keyof Run) => median(runs.map((run) => run[key]));
const ms = (key: keyof Run) => `${Math.round(of(key))} ms`;
record('lighthouse-login', {
  name: `Lighthouse performance score of /login, mobile profile (median of ${RUNS})`,
  value: of('score'),
  unit: 'points',
  target: { compare: '>=', limit: 98, of: 'value' },
  detail: `medians: LCP ${ms('lcp')}, TBT ${ms('tbt')}, FCP ${ms('fcp')}, SI ${ms('si')}; scores ${runs.map((run) => run.score).join(', ')}`,
});
record('lighthouse-login-lcp', {
  name: `Largest Contentful Paint of /login, Lighthouse mobile profile (median of ${RUNS})`,
  value: Math.round(of('lcp')),
  unit: 'ms',
  target: { compare: '<=', limit: 1500, of: 'value' },
  detail: `all ${runs.map((run) => Math.round(run.lcp)).join(', ')} ms; medians: TBT ${ms('tbt')}, FCP ${ms('fcp')}, SI ${ms('si')}`,
});
console.log(`  the last run's report: ${REPORT}`);
