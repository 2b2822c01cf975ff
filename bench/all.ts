/**
 * `npm run bench`: builds the console, runs every figure's script one after another, each in a
 * process of its own (one that fails does not stop the others, and none warms another's caches),
 * then writes the table of bench/results.json into docs/performance.md. Scripts that need what
 * this machine lacks say so and record nothing. The sign-in beside eladmin-web needs a build of
 * it, and has a command of its own: `npm run bench:peer`.
 *
 *   npm run bench                 every script
 *   npm run bench -- start-up     the scripts whose names contain a word
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { writeTable } from './table.ts';

const SCRIPTS = [
  'hot-reads-http.ts',
  'sign-ins-beside.ts',
  'slow-query.ts',
  'users-search.ts',
  'menus-rebuild.ts',
  'start-up.ts',
  'memory.ts',
  'log-volume.ts',
  'gateway.ts',
  'mqtt.ts',
  'mqtt-commands.ts',
  'mqtt-mosquitto.ts',
  'mqtt-commands-mosquitto.ts',
  'reconciliation.ts',
  'telemetry.ts',
  'lighthouse.ts',
  'filters.ts',
  'map.ts',
];

const root = path.resolve(import.meta.dirname, '..');
const words = process.argv.slice(2);
const chosen = SCRIPTS.filter((script) => words.length === 0 || words.some((word) => script.includes(word)));
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

if (run('npm', ['run', 'build']) !== 0) process.exit(1);
const failed: string[] = [];
for (const script of chosen) {
  console.log(`\n— bench/${script}`);
  if (run(process.execPath, ['--import', 'tsx', path.join('bench', script)]) !== 0) failed.push(script);
}
writeTable();
console.log(`\nbench/results.json and the table in docs/performance.md are up to date.`);
if (failed.length > 0) {
  console.log(`These scripts failed: ${failed.join(', ')}`);
  process.exit(1);
}
