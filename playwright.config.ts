import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, WEB_DIST } from './e2e/support/test-server.ts';

if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  throw new Error(`${WEB_DIST}/index.html is missing: build the web app first with "npm run build -w apps/web".`);
}

// Every worker starts its own server on its own fresh database (e2e/support/fixtures.ts): no
// global webServer, and journeys that change menus or settings never meet those of another worker.
export default defineConfig({
  testDir: 'e2e',
  // Before the run: the server bundle every worker starts.
  globalSetup: './e2e/support/global-setup.ts',
  // After the run: no password hash, token or typed password in any journey server's log.
  globalTeardown: './e2e/support/global-teardown.ts',
  // E2E_OUTPUT_DIR (with E2E_PORT) lets a run keep its own artifacts apart from another's.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/artifacts',
  // Tests, not files, are shared out: the long files no longer decide when the run ends.
  fullyParallel: true,
  // The machine has two cores; each worker runs a browser and a server.
  workers: 2,
  // On the CI machine (two cores shared by two browsers and two servers) a journey that fails is
  // run once more; the test script names every journey that passed only then.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // The test script counts the results from this file when it names one.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : []),
  ],
  // Journeys of a few pages take 30–55 s on the CI machine with both workers busy: twice that there.
  timeout: process.env.CI ? 120_000 : 60_000,
  // On the CI machine a page's first load can take more than 10 s while both workers' browsers and
  // servers are busy; a check that waits longer there still fails on what never shows.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 800 },
    locale: 'en-US',
    // The console turns its animations off for this system setting: clicks never chase a moving menu.
    contextOptions: { reducedMotion: 'reduce' },
    // A failed journey keeps its trace (actions, network, DOM snapshots) without the screencast,
    // whose frames cost a quarter of the run's processor time on a two-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
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
});
