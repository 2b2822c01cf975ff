import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { expect } from 'vitest';
import { serverBundle, serverEnvironment, serverNodeFlags } from '../scripts/build.mjs';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr together. */
  output: () => string;
  exit: Promise<number | null>;
}

const running = new Set<ChildProcess>();
/** The test files whose processes were all stopped: they may start no more (others, in the same worker, may). */
const stoppedFiles = new Set<string | undefined>();
const currentFile = () => expect.getState().testPath;

/**
 * Kills every server process this test file started and refuses to start more for this file: for
 * `afterAll`, so that a test that failed or timed out leaves no process behind.
 */
export function stopAllServers(): void {
  stoppedFiles.add(currentFile());
  for (const child of running) child.kill('SIGKILL');
}

/** The real server process, as `npm start` runs it: the bundle the global setup built. */
export function startServer(env: Record<string, string>): ServerProcess {
  if (stoppedFiles.has(currentFile())) throw new Error('the test is over: no more server processes');
  const child = spawn(process.execPath, [...serverNodeFlags, serverBundle], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      LOG_LEVEL: 'warn',
      // Server processes of parallel tests: each its own MQTT port.
      MQTT_PORT: '0',
      ...serverEnvironment,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  running.add(child);
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exit };
}

/** Waits until the process prints `pattern`; throws with its output if it exits or takes too long. */
export async function waitFor(running: ServerProcess, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = running.output().match(pattern);
    if (match) return match;
    if (running.child.exitCode !== null || running.child.signalCode !== null || Date.now() > deadline) {
      throw new Error(`server did not print ${pattern}; it printed:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The address the process prints once it listens. */
export async function addressOf(running: ServerProcess, timeoutMs?: number): Promise<string> {
  return (await waitFor(running, /Console running at (http:\/\/127\.0\.0\.1:\d+)/, timeoutMs))[1] as string;
}

/** Kills the process at once (as the kernel's OOM killer or a power switch of the container would). */
export async function killHard(running: ServerProcess): Promise<void> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
  await running.exit;
}

/**
 * Signs in through the API of a process started with `CAPTCHA_TEST_ANSWER`, which is `code`;
 * returns the `Authorization` header value.
 */
export async function signIn(baseUrl: string, username: string, password: string, code: string): Promise<string> {
  const captcha = await fetch(`${baseUrl}/auth/code`);
  const { uuid } = (await captcha.json()) as { uuid: string };
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code, uuid }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The same process by the name the reverse-proxy test uses. */
export type Running = ServerProcess;

/** Starts a server on a free port and answers its address once it listens. */
export async function startListening(env: Record<string, string>): Promise<ServerProcess & { baseUrl: string }> {
  const started = startServer({ PORT: '0', ...env });
  return { ...started, baseUrl: await addressOf(started) };
}

/** Stops a server with SIGTERM, as a service manager would, and waits for it to exit. */
export async function stopServer(running: ServerProcess): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGTERM');
  await running.exit;
}
