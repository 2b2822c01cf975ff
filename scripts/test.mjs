// `npm test`: lint, typecheck, unit and API tests, then the end-to-end journeys on a fresh build.
// With DATABASE_URL set, the API suite runs a second time against that PostgreSQL server.
// Ends with one line counting every test run: "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results', 'counts');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
// DATABASE_READ_URL: a streaming replica of it, for the tests of reads served by a replica.
const { DATABASE_URL, DATABASE_READ_URL, ...baseEnv } = process.env;

const vitest = (name, extra = []) => [
  'npx',
  'vitest',
  'run',
  ...extra,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `vitest-${name}.json`)}`,
];

const PROCESS_TESTS = ['test/load.test.ts', 'test/durability.test.ts'];

const steps = [
  { name: 'lint and format', command: ['npx', 'biome', 'check', '.'] },
  // Early steps run meanwhile, their output shown once the next step is done. The build reads
  // nothing the tests write; the PostgreSQL pass shares nothing with the embedded one (its own
  // server and databases), and the two together keep both cores busy where one alone waits.
  // The typecheck runs on one core: beside the tests rather than before them.
  { name: 'typecheck', command: ['npx', 'tsc', '-b'], early: true },
  { name: 'build', command: ['npm', 'run', 'build', '-w', 'apps/web'], early: true },
  ...(DATABASE_URL
    ? [
        {
          name: 'API tests (PostgreSQL server)',
          command: vitest('postgres', ['--project', 'server']),
          env: {
            TEST_DATABASE_URL: DATABASE_URL,
            ...(DATABASE_READ_URL && { TEST_DATABASE_READ_URL: DATABASE_READ_URL }),
          },
          early: true,
        },
      ]
    : []),
  // The minutes-long tests of real server processes (a load, a series of crashes) in a process of
  // their own beside the rest: the test runner runs one file at a time on two cores.
  {
    name: 'load and crash tests (embedded PostgreSQL)',
    command: vitest('processes', ['--project', 'server', ...PROCESS_TESTS]),
    early: true,
  },
  {
    name: 'unit and API tests (embedded PostgreSQL)',
    // Two workers: while the early steps run they share the cores with them, and once those are
    // done this step, the longest, keeps both cores busy rather than one.
    command: vitest('embedded', ['--maxWorkers=2', ...PROCESS_TESTS.flatMap((file) => ['--exclude', file])]),
  },
  {
    name: 'bundle size (login ≤ 150 KB, shell ≤ 406 KB, each business page ≤ 241 KB beyond it, gzip)',
    command: ['npm', 'run', 'check:bundle', '-w', 'apps/web'],
  },
  {
    name: 'end-to-end tests',
    command: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
  },
];

function counts() {
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  for (const file of ['vitest-embedded.json', 'vitest-processes.json', 'vitest-postgres.json', 'playwright.json']) {
    const full = path.join(reports, file);
    if (!existsSync(full)) continue;
    const report = JSON.parse(readFileSync(full, 'utf8'));
    if (report.stats) {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
      flaky += report.stats.flaky;
    } else {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    }
  }
  return { passed, failed, flaky };
}

/** Runs a step; an early one keeps its output until the step after it is done, then shows it. */
function start(step) {
  const [command, ...args] = step.command;
  const child = spawn(command, args, {
    cwd: root,
    stdio: step.early ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...baseEnv, ...step.env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const status = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return { status, output };
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

let failedStep;
const early = [];
for (const step of steps) {
  if (step.early) {
    early.push({ step, running: start(step), since: Date.now() });
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const since = Date.now();
  const status = await start(step).status;
  console.log(`${status === 0 ? '✔' : '✖'} ${step.name} (${seconds(since)})`);
  if (status !== 0) {
    failedStep = step.name;
    break;
  }
  while (early.length > 0) {
    const { step: earlyStep, running, since: earlySince } = early.shift();
    console.log(`\n▶ ${earlyStep.name}`);
    const earlyStatus = await running.status;
    process.stdout.write(Buffer.concat(running.output));
    console.log(`${earlyStatus === 0 ? '✔' : '✖'} ${earlyStep.name} (${seconds(earlySince)}, run meanwhile)`);
    if (earlyStatus !== 0) failedStep ??= earlyStep.name;
  }
  if (failedStep) break;
}
// A failure before the early steps' turn still waits for them, so that nothing runs on after the script.
await Promise.all(early.map(({ running }) => running.status));
if (!DATABASE_URL) console.log('\nDATABASE_URL is not set: the API suite ran on the embedded database only.');
const { passed, failed, flaky } = counts();
// A journey that passed only when run again is named by Playwright's list above ("flaky"): counted here too.
if (flaky > 0) console.log(`\n${flaky} journey(s) passed only on their second run: see "flaky" above.`);
if (failedStep) {
  console.error(`\n✖ ${failedStep} failed`);
  console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
  process.exit(1);
}
console.log(`\n✔ all checks passed\n${passed} passed, ${failed} failed`);
