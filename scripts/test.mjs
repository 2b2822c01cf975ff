// `npm test`: lint, typecheck, unit and API tests, then the end-to-end journeys on a fresh build.
// With DATABASE_URL set, the API suite runs a second time against that PostgreSQL server.
// Ends with one line counting every test run: "N passed, N failed".
import { spawnSync } from 'node:child_process';
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
  { name: 'build', command: ['npm', 'run', 'build', '-w', 'apps/web'] },
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

let failedStep;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const [command, ...args] = step.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...baseEnv, ...step.env } });
  if (result.status !== 0) {
    failedStep = step.name;
    break;
  }
}
if (!DATABASE_URL) console.log('\nDATABASE_URL is not set: the API suite ran on the embedded database only.');
const { passed, failed } = counts();
if (failedStep) {
  console.error(`\n✖ ${failedStep} failed`);
  console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
  process.exit(1);
}
console.log(`\n✔ all checks passed\n${passed} passed, ${failed} failed`);
