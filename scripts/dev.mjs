// `npm run dev`: the API server on PORT (8000 unless set; embedded database in ./data unless
// DATA_DIR or DATABASE_URL say otherwise) and Vite's dev server on DEV_PORT (5173 unless set),
// which proxies API calls to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', SEED_DEMO: '1', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
