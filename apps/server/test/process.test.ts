import { existsSync } from 'node:fs';
import { chmod, lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer, waitFor } from './server-process.ts';

/** Every path under `dir` whose mode lets group or others in, with that mode. */
async function openToOthers(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  const open: string[] = [];
  for (const name of ['', ...names]) {
    const mode = (await lstat(path.join(dir, name))).mode & 0o777;
    if (mode & 0o077) open.push(`${name || '.'} ${mode.toString(8)}`);
  }
  return open;
}

describe('the server process', () => {
  let tempDir: string;
  let dataDir: string;
  let server: ServerProcess;
  let baseUrl: string;
  let password: string;

  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'water-process-'));
    // A directory the server has to create, as on a first `npm start`.
    dataDir = path.join(tempDir, 'data');
    server = startServer({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: '11' });
    const match = await waitFor(server, /First start: sign in as "admin" with password (\S+)/);
    password = match[1] as string;
    baseUrl = (await waitFor(server, /Console running at (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
  }, 90_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(tempDir, { recursive: true, force: true });
  });

  const signIn = async () => {
    const { uuid } = (await (await fetch(`${baseUrl}/auth/code`)).json()) as { uuid: string };
    return fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password, code: '11', uuid }),
    });
  };

  it('prints its address and a generated admin password that signs in, without logging it', async () => {
    const response = await signIn();
    expect(response.status).toBe(200);
    const logLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(password);
  });

  it('keeps its data directory, database, secret and uploads to its own user', async () => {
    const { token } = (await (await signIn()).json()) as { token: string };
    const form = new FormData();
    form.append('file', new Blob(['a,b\n1,2\n']), 'prices.csv');
    const upload = await fetch(`${baseUrl}/api/file/upload`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(upload.status).toBe(201);
    expect(((await lstat(dataDir)).mode & 0o777).toString(8)).toBe('700');
    const names = await readdir(dataDir, { recursive: true });
    expect(names).toEqual(expect.arrayContaining(['jwt-secret', 'db.lock', path.join('db', 'PG_VERSION')]));
    expect(names.some((name) => name.startsWith(`files${path.sep}`))).toBe(true);
    expect(await openToOthers(dataDir)).toEqual([]);
    expect(server.output()).not.toMatch(/DATA_DIR .* has mode/);
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const second = startServer({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test' });
    expect(await second.exit).toBe(1);
    expect(second.output()).toMatch(/in use by another server process \(pid \d+\)/);
    expect(second.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('stops on SIGTERM, closing the database and releasing the directory; warns on restart if the directory was opened up', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    // The data survives: the next start does not seed again, so prints no new password. Meanwhile
    // someone opened the directory to other users: the start-up says so, once, in one line.
    await chmod(dataDir, 0o755);
    const again = startServer({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test' });
    await waitFor(again, /Console running at/);
    expect(again.output()).not.toMatch(/First start/);
    const warnings = again.output().match(/.*has mode 0755.*/g) ?? [];
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] as string)).toMatchObject({
      level: 40,
      msg: `DATA_DIR ${dataDir} has mode 0755: other local users can reach the database, uploads and secrets in it; restrict it with "chmod -R go-rwx ${dataDir}"`,
    });
    expect(again.output()).not.toMatch(/\n\s+at /);
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  }, 60_000);

  it('stops at once with a one-line reason on a bad setting', async () => {
    const bad = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exit).toBe(1);
    expect(bad.output().trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535, got "eighty"');
  }, 30_000);

  it('stops with a one-line reason when its MQTT port is taken (another instance), closing its database', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const second = startServer({ DATA_DIR: path.join(dataDir, '..', 'second'), PORT: '0', MQTT_PORT: String(port) });
      expect(await second.exit).toBe(1);
      expect(second.output().trim()).toBe(
        `Configuration error: MQTT_PORT ${port} is in use: set MQTT_PORT to a free port (0 picks one), or to off without MQTT`,
      );
    } finally {
      taken.close();
    }
  }, 60_000);

  it('writes its log within a second of each line, and every line before it exits', async () => {
    const logging = startServer({ DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const address = (await waitFor(logging, /Console running at (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
    const answered = await fetch(`${address}/auth/code`);
    expect(answered.status).toBe(200);
    const requestId = answered.headers.get('x-request-id');
    await waitFor(logging, new RegExp(`"reqId":"${requestId}".*"path":"/auth/code","status":200`), 1000);
    logging.child.kill('SIGTERM');
    expect(await logging.exit).toBe(0);
    expect(logging.output()).toMatch(/"signal":"SIGTERM".*"msg":"shutting down/);
  }, 60_000);
});
