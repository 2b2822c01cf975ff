import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer, waitFor } from './server-process.ts';

describe('the server process', () => {
  let dataDir: string;
  let server: ServerProcess;
  let baseUrl: string;
  let password: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-process-'));
    server = startServer({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: '11' });
    const match = await waitFor(server, /First start: sign in as "admin" with password (\S+)/);
    password = match[1] as string;
    baseUrl = (await waitFor(server, /Console running at (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
  }, 90_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints its address and a generated admin password that signs in, without logging it', async () => {
    const { uuid } = (await (await fetch(`${baseUrl}/auth/code`)).json()) as { uuid: string };
    const response = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password, code: '11', uuid }),
    });
    expect(response.status).toBe(200);
    const logLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(password);
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const second = startServer({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test' });
    expect(await second.exit).toBe(1);
    expect(second.output()).toMatch(/in use by another server process \(pid \d+\)/);
    expect(second.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('stops on SIGTERM, closing the database and releasing the directory', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    // The data survives: the next start does not seed again, so prints no new password.
    const again = startServer({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test' });
    await waitFor(again, /Console running at/);
    expect(again.output()).not.toMatch(/First start/);
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  }, 60_000);

  it('stops at once with a one-line reason on a bad setting', async () => {
    const bad = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exit).toBe(1);
    expect(bad.output().trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535, got "eighty"');
  }, 30_000);
});
