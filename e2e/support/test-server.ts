import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverBundle, serverEnvironment, serverNodeFlags } from '../../apps/server/scripts/build.mjs';

/** What every test server is started with, shared by the Playwright config and the journeys. */
const ROOT = path.resolve(import.meta.dirname, '../..');
/** E2E_PORT lets two runs share a machine: worker n listens on E2E_PORT + 2n and catches mail on the port after. */
/** The key the test server takes payment channels' notifications with. */
export const PAYMENT_NOTIFY_KEY = 'e2e-payment-channel-notify-key-0123456789';

export const FIRST_PORT = Number(process.env.E2E_PORT ?? 8123);
/** E2E_WEB_DIST lets a run use its own copy of the build, so that a build started meanwhile does not pull it away. */
export const WEB_DIST = path.resolve(process.env.E2E_WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-Admin-pass-2048';
/** Every captcha of the test server has this answer (CAPTCHA_TEST_ANSWER). */
export const CAPTCHA_ANSWER = '42';

/** Debian's Chromium, headless as root on a machine without a GPU or outside network. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export interface TestServer {
  baseURL: string;
  /** The server sends its mail here (SMTP_URL); journeys that need a mailed code listen on it. */
  smtpPort: number;
  stop(): Promise<void>;
}

const STARTUP_MS = 120_000;

/** Resolves once `url` answers 200, or rejects when the process exits or the time is up. */
async function answering(url: string, server: ChildProcess): Promise<void> {
  let exited: string | undefined;
  server.once('exit', (code, signal) => {
    exited = `the test server exited (${signal ?? code}) before answering`;
  });
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${STARTUP_MS / 1000} s`);
}

/**
 * Starts the API server, serving the built console, on a fresh embedded database of its own; its
 * output goes to `logFile`. `stop` ends it gracefully and removes the database.
 */
export async function startTestServer(port: number, logFile: string): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'water-e2e-'));
  const smtpPort = port + 1;
  const baseURL = `http://127.0.0.1:${port}`;
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, [...serverNodeFlags, serverBundle], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...serverEnvironment,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Workers side by side: each broker on a port of its own.
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      // Empty on purpose: the journeys always run on the embedded database.
      DATABASE_URL: '',
      NODE_ENV: 'test',
      CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
      ADMIN_PASSWORD,
      WEB_DIST,
      AUTH_RATE_LIMIT: '1000',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The business journey signs WeChat payments as the channel would, and waits for a machine
      // to go offline: a short OFFLINE_AFTER (checked every 5 s) keeps that wait short.
      PAYMENT_NOTIFY_KEY,
      OFFLINE_AFTER: '15s',
    },
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await answering(`${baseURL}/auth/code`, server);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see ${logFile}`);
  }
  return { baseURL, smtpPort, stop };
}
