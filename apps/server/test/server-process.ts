import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

export interface Running {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** The real server process, as `npm start` runs it. */
export function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

export async function waitFor(running: Running, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = running.output().match(pattern);
    if (match) return match;
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`server did not print ${pattern}; it printed:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a server and answers its address once it listens. */
export async function startListening(env: Record<string, string>): Promise<Running & { baseUrl: string }> {
  const running = startServer({ PORT: '0', ...env });
  const baseUrl = (await waitFor(running, /Console running at (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
  return { ...running, baseUrl };
}

/** Stops a server with SIGTERM, as a service manager would, and waits for it to exit. */
export async function stopServer(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return;
  running.child.kill('SIGTERM');
  await running.exit;
}
