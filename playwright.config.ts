import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN_PASSWORD, BASE_URL, CAPTCHA_ANSWER, SMTP_PORT, TEST_PORT } from './e2e/support/test-server.ts';

// E2E_WEB_DIST and E2E_OUTPUT_DIR (with E2E_PORT) let a run use its own copy of the build and its own
// artifacts, so that a build or a run started meanwhile by someone else does not pull them away.
const webDist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, 'apps/web/dist'));
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error(`${webDist}/index.html is missing: build the web app first with "npm run build -w apps/web".`);
}

/** A fresh database for every run, removed when the runner exits (after it has stopped the server). */
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'water-e2e-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  // Workers load this file again and must see the runner's directory, not make their own.
  process.env.E2E_DATA_DIR = dir;
  return dir;
}
const dataDir = process.env.E2E_DATA_DIR ?? freshDataDir();

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // The test script counts the results from this file when it names one.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : []),
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1366, height: 800 },
    locale: 'en-US',
    // The console turns its animations off for this system setting: clicks never chase a moving menu.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
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
    },
    headless: true,
  },
  projects: [
    { name: 'desktop' },
    // The journeys tagged @phone again on a phone screen: the sidebar is a drawer there.
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    url: `${BASE_URL}/auth/code`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(TEST_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Empty on purpose: the journeys always run on the embedded database.
      DATABASE_URL: '',
      NODE_ENV: 'test',
      CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
      ADMIN_PASSWORD,
      WEB_DIST: webDist,
      AUTH_RATE_LIMIT: '1000',
      // Journeys that need a mailed code listen there (e2e/support/mailbox.ts).
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    },
  },
});
