/**
 * What the benchmarks of a real server process share: the console started from its bundle (as
 * `npm start` runs it) on a data directory of its own, the administrator signed in, its memory
 * read as the kernel counts it, and a stop that waits for the process to end. Unlike the tests'
 * server processes (apps/server/test/server-process.ts), its output is not kept: at `info`, a
 * hot read's access lines would pile up in the benchmark's own memory and time.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { serverEnvironment, serverNodeFlags } from '../apps/server/scripts/build.mjs';
import { signIn as signInAs } from '../apps/server/test/server-process.ts';

export const ADMIN_PASSWORD = 'bench-password-1';
const CAPTCHA = '7';

export interface ConsoleProcess {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** Waits until `url` answers below 500, or the process exits. */
export async function listening(child: ChildProcess, url: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing answers at ${url}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface StartOptions {
  /** Its standard output: dropped, or a pipe the caller reads. */
  stdio?: 'ignore' | 'pipe';
  /** The CPUs it may run on (`taskset -c`), as a list such as `1` or `1-3`; every CPU unless told. */
  cpus?: string;
  /** Flags for its Node beyond the server's own (such as `--cpu-prof`). */
  nodeFlags?: readonly string[];
}

/** The console's bundle on `dataDir`, listening on `port`; `env` adds to or overrides its settings. */
export async function startConsole(
  bundle: string,
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  { stdio = 'ignore', cpus, nodeFlags = [] }: StartOptions = {},
): Promise<ConsoleProcess> {
  const command = [process.execPath, ...serverNodeFlags, ...nodeFlags, bundle];
  // taskset sets the affinity and then becomes the server: the child's pid is the server's.
  if (cpus !== undefined) command.unshift('taskset', '-c', cpus);
  const [program = process.execPath, ...args] = command;
  const child = spawn(program, args, {
    env: {
      ...serverEnvironment,
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      ADMIN_PASSWORD,
      AUTH_RATE_LIMIT: '100000',
      MQTT_PORT: '0',
      ...env,
    },
    stdio: ['ignore', stdio, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await listening(child, `${base}/healthz`);
  return { child, base, stop: () => stopProcess(child) };
}

/** Where a benchmark's clients and server run (`separateClientsFromServer`). */
export interface CpuSplit {
  /** The server's CPU list for `startConsole`, or undefined: every CPU. */
  cpus: string | undefined;
  /** The same, for a figure's detail. */
  described: string;
}

/**
 * Splits this machine's CPUs between the clients of a benchmark (this process, its threads and
 * the processes it starts from now on: the first CPU) and the server (the others), as when they
 * run on different machines. Where that cannot be done (one CPU, or no `taskset`), nothing is
 * changed and everything shares every CPU.
 */
export function separateClientsFromServer(): CpuSplit {
  const shared = { cpus: undefined, described: 'clients and server on the same CPUs' };
  const count = availableParallelism();
  if (count < 2) return shared;
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return shared;
  }
  const cpus = count === 2 ? '1' : `1-${count - 1}`;
  return { cpus, described: `clients on CPU 0, the server on CPU ${cpus}` };
}

/** Signs the administrator in; answers the `Bearer …` token. */
export const signIn = (base: string): Promise<string> => signInAs(base, 'admin', ADMIN_PASSWORD, CAPTCHA);

/** Resident memory of a process (all its threads), in MiB. */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Math.round(Number(line[1]) / 1024);
}

/** CPU time a process has used (all its threads), in ms (from its clock ticks, 100 a second). */
function cpuMs(pid: number): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until a process has been using less than `share` of one CPU over a whole second (it has
 * worked off what it was given), or `timeoutMs` passed; answers how long that took, in ms.
 */
export async function untilIdle(pid: number, { share = 0.1, timeoutMs = 120_000 } = {}): Promise<number> {
  const started = performance.now();
  let used = cpuMs(pid);
  while (performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    if (now - used < 1000 * share) break;
    used = now;
  }
  return performance.now() - started;
}
