// `npm test`: lint, typecheck, unit and API tests, then the end-to-end journeys on a fresh build.
// With DATABASE_URL set, the API suite runs a second time against that PostgreSQL server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { DATABASE_URL, ...baseEnv } = process.env;

const steps = [
  ['lint and format', ['npx', 'biome', 'check', '.']],
  ['typecheck', ['npx', 'tsc', '-b']],
  ['unit and API tests (embedded PostgreSQL)', ['npx', 'vitest', 'run']],
  ...(DATABASE_URL
    ? [
        [
          'API tests (PostgreSQL server)',
          ['npx', 'vitest', 'run', '--project', 'server'],
          { TEST_DATABASE_URL: DATABASE_URL },
        ],
      ]
    : []),
  ['build', ['npm', 'run', 'build', '-w', 'apps/web']],
  ['end-to-end tests', ['npx', 'playwright', 'test']],
];

for (const [name, [command, ...args], env = {}] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...baseEnv, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
if (!DATABASE_URL) console.log('\nDATABASE_URL is not set: the API suite ran on the embedded database only.');
console.log('\n✔ all checks passed');
