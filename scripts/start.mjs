// `npm start`: builds the web app when it is missing or older than its sources, bundles the server
// (a fraction of a second), then runs the bundle serving the console on the embedded database (or
// DATABASE_URL), in production mode unless told otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverEnvironment, serverNodeFlags } from '../apps/server/scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/login.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
]
  .map((p) => path.join(root, p))
  .filter((p) => existsSync(p))
  .map((p) => (statSync(p).isDirectory() ? newestChange(p) : statSync(p).mtimeMs));
const builtAt = existsSync(path.join(dist, 'index.html')) ? statSync(path.join(dist, 'index.html')).mtimeMs : 0;

if (builtAt < Math.max(...sources)) {
  console.log('Building the web app…');
  // Always a production build: Vite follows NODE_ENV, and a development build of React runs the
  // console under StrictMode's double mounting and without its optimisations.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--mode', 'production'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...serverNodeFlags, await buildServer()], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', WEB_DIST: dist, ...serverEnvironment, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
