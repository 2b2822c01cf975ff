import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
let dev: ChildProcess | undefined;
let dataDir = '';

afterAll(async () => {
  if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The first answer of `url`, polled until it comes. */
async function firstAnswer(url: string, within: number): Promise<Response> {
  const until = Date.now() + within;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('npm run dev', () => {
  it('serves the console on DEV_PORT and proxies the API to the server it starts on PORT', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-console-dev-'));
    const apiPort = 18_000 + (process.pid % 1000);
    const devPort = apiPort + 1000;
    dev = spawn('npm', ['run', 'dev'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(apiPort),
        DEV_PORT: String(devPort),
        MQTT_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
    });
    expect((await firstAnswer(`http://127.0.0.1:${apiPort}/healthz`, 90_000)).status).toBe(200);
    const page = await firstAnswer(`http://127.0.0.1:${devPort}/`, 30_000);
    expect(await page.text()).toContain('<div id="root">');
    // The API through Vite's proxy is answered by the server on PORT (not by one on 8000).
    const captcha = await fetch(`http://127.0.0.1:${devPort}/auth/code`);
    expect(captcha.status).toBe(200);
    expect(await captcha.json()).toHaveProperty('uuid');
  }, 120_000);
});
