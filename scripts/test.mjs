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
const { DATABASE_URL, ...baseEnv } = process.env;

const vitest = (name, extra = []) => [
  'npx',
  'vitest',
  'run',
  ...extra,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `vitest-${name}.json`)}`,
];

const steps = [
  { name: 'lint and format', command: ['npx', 'biome', 'check', '.'] },
  { name: 'typecheck', command: ['npx', 'tsc', '-b'] },
  // The build reads nothing the tests write: it runs meanwhile, its output shown at its turn.
  { name: 'build', command: ['npm', 'run', 'build', '-w', 'apps/web'], early: true },
  { name: 'unit and API tests (embedded PostgreSQL)', command: vitest('embedded') },
  ...(DATABASE_URL
    ? [
        {
          name: 'API tests (PostgreSQL server)',
          command: vitest('postgres', ['--project', 'server']),
          env: { TEST_DATABASE_URL: DATABASE_URL },
        },
      ]
    : []),
  {
    name: 'bundle size (login ≤ 150 KB, shell ≤ 400 KB gzip)',
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
  for (const file of ['vitest-embedded.json', 'vitest-postgres.json', 'playwright.json']) {
    const full = path.join(reports, file);
    if (!existsSync(full)) continue;
    const report = JSON.parse(readFileSync(full, 'utf8'));
    if (report.stats) {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
    } else {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    }
  }
  return { passed, failed };
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

let failedStep;
let early;
for (const step of steps) {
  if (step.early) {
    early = { step, running: start(step) };
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const status = await start(step).status;
  if (status !== 0) {
    failedStep = step.name;
    break;
  }
  if (early) {
    console.log(`\n▶ ${early.step.name}`);
    const earlyStatus = await early.running.status;
    process.stdout.write(Buffer.concat(early.running.output));
    if (earlyStatus !== 0) {
      failedStep = early.step.name;
      break;
    }
    early = undefined;
  }
}
// A failure before the early step's turn still waits for it, so that nothing runs on after the script.
if (early) await early.running.status;
if (!DATABASE_URL) console.log('\nDATABASE_URL is not set: the API suite ran on the embedded database only.');
const { passed, failed } = counts();
if (failedStep) {
  console.error(`\n✖ ${failedStep} failed`);
  console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
  process.exit(1);
}
console.log(`\n✔ all checks passed\n${passed} passed, ${failed} failed`);
