import path from 'node:path';
import { type BrowserContextOptions, test as base } from '@playwright/test';
import { TOKEN_COOKIE_KEY } from '@water/contract/constants';
import { type Api, apiAs, apiSignIn } from './api.ts';
import { openMailbox } from './mailbox.ts';
import { type Seeder, seeder } from './seed.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, FIRST_PORT, startTestServer, type TestServer } from './test-server.ts';

export { expect } from '@playwright/test';

interface WorkerFixtures {
  /** This worker's own server on its own fresh database, so that workers never see each other's changes. */
  testServer: TestServer;
  /** The administrator's token, signed in once per worker through the login API. */
  adminToken: string;
}

interface TestFixtures {
  /** Opens every page already signed in as the administrator (the worker's one session). */
  signedIn: boolean;
  /**
   * `close`: alarm notices (pushed when a machine of any journey of this worker raises an alarm)
   * are closed whenever one would cover what the journey clicks or reads; `keep`: a journey about
   * them keeps them.
   */
  alarmNotices: 'close' | 'keep';
  /** The administrator's API session, for seeding beside the browser. */
  admin: Api;
  /** Creates menus, roles and users through the API, and deletes them after the journey. */
  seed: Seeder;
  /** Catches what this worker's server mails. */
  mailbox: Awaited<ReturnType<typeof openMailbox>>;
}

/** What the console itself keeps after signing in: the token cookie, as js-cookie writes it. */
export function signedInState(token: string): BrowserContextOptions['storageState'] {
  return {
    cookies: [
      {
        name: TOKEN_COOKIE_KEY,
        value: encodeURIComponent(token),
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
    ],
    origins: [],
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  testServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use, workerInfo) => {
      // parallelIndex is unique among the workers running at once, and reused by a worker's replacement.
      const port = FIRST_PORT + 2 * workerInfo.parallelIndex;
      const log = path.join(workerInfo.project.outputDir, `server-${workerInfo.workerIndex}.log`);
      const server = await startTestServer(port, log);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  adminToken: [
    async ({ testServer, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: testServer.baseURL });
      await use(await apiSignIn(request, ADMIN_USERNAME, ADMIN_PASSWORD));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ testServer }, use) => use(testServer.baseURL),
  signedIn: [false, { option: true }],
  alarmNotices: ['close', { option: true }],
  page: async ({ page, alarmNotices }, use) => {
    if (alarmNotices === 'close') {
      // Alarm notices are the console's only warnings. The close button gets a click event alone, not
      // a press of the mouse, so an open dropdown or date picker under the test stays open.
      await page.addLocatorHandler(page.locator('.ant-notification-notice-warning').first(), (notice) =>
        notice.locator('.ant-notification-notice-close').dispatchEvent('click'),
      );
    }
    await use(page);
  },
  storageState: async ({ signedIn, adminToken, storageState }, use) => {
    if (!signedIn) return use(storageState);
    const state = signedInState(adminToken);
    await use(state);
  },
  admin: async ({ request, adminToken }, use) => use(apiAs(request, adminToken)),
  seed: async ({ admin }, use) => {
    const seeds = seeder(admin);
    await use(seeds);
    await seeds.cleanUp();
  },
  mailbox: async ({ testServer }, use) => {
    const mailbox = await openMailbox(testServer.smtpPort);
    await use(mailbox);
    await mailbox.close();
  },
});
