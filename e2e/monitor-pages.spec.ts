import type { Browser, Page } from '@playwright/test';
import { TOKEN_COOKIE_KEY } from '@water/contract/constants';
import { signInAs, uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { CAPTCHA_ANSWER } from './support/test-server.ts';

// Signing in is not the point here: the administrator's console opens with the worker's session.
test.use({ signedIn: true });

async function freshPage(browser: Browser, locale = 'en-US'): Promise<Page> {
  // A browser of its own: not the worker's session the administrator's pages share.
  const context = await browser.newContext({ locale, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

test('an administrator kicks a user out; that user’s open console signs out at once and says why', async ({
  page,
  browser,
  seed,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const username = `kicked-${suffix}`;
  const password = `Kicked-pass-${suffix}1`;
  await seed.user(username, password, [await seed.seededRole('User')]);

  // The user's own browser, signed in, with the console's socket open.
  const victim = await freshPage(browser);
  const pushed: string[] = [];
  victim.on('websocket', (socket) => socket.on('framereceived', (frame) => pushed.push(String(frame.payload))));
  await signInAs(victim, username, password);
  await expect(victim.getByText(`Welcome, ${username}`)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => pushed.some((frame) => frame.includes('"connected"')), { timeout: 20_000 }).toBe(true);

  await openConsole(page, '/monitor/online');
  const table = page.getByRole('region', { name: 'Online users' });
  await page.getByRole('search').getByLabel('User').fill(suffix);
  await page.getByRole('search').getByLabel('User').press('Enter');
  const row = table.getByRole('row', { name: new RegExp(username) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Local network');
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(row).toContainText(/Chrom/);
  await page.screenshot({ path: shot('monitor-online-en') });

  await row.getByRole('button', { name: `Kick out ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sign out “${username}”?` });
  await expect(dialog).toContainText('signed out at once');
  // Timed by the browsers' own traffic: when the server answered the kick, when the kicked
  // console asked for the sign-in page.
  const kickedAt = page
    .waitForResponse((answer) => answer.url().endsWith('/auth/online') && answer.request().method() === 'DELETE')
    .then(() => Date.now());
  const signedOutAt = victim
    .waitForRequest((request) => request.isNavigationRequest() && request.url().includes('reason=kicked'))
    .then(() => Date.now());
  await dialog.getByRole('button', { name: 'Kick out' }).click();

  // Within a second the kicked console has dropped its token and is on its way to the sign-in
  // page, which says why once it has loaded.
  expect((await signedOutAt) - (await kickedAt)).toBeLessThan(1000);
  await expect(victim).toHaveURL(/\/login\?redirect=%2Fdashboard&reason=kicked$/);
  expect((await victim.context().cookies()).map((cookie) => cookie.name)).not.toContain(TOKEN_COOKIE_KEY);
  await expect(victim.getByRole('alert')).toHaveText(
    'You were signed out by an administrator. Sign in again to continue.',
  );
  await expect(victim.getByLabel('Username', { exact: true })).toBeVisible();
  await victim.screenshot({ path: shot('login-kicked-en') });

  await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(username) })).toHaveCount(0);
  await victim.context().close();
});

test('a failed request shows in the error log with the request and what went wrong in a drawer', async ({
  page,
  browser,
}) => {
  const ghost = `ghost-${uniqueSuffix()}`;
  const stranger = await freshPage(browser);
  await stranger.goto('/login');
  await expect(stranger.getByAltText('Captcha')).toBeVisible();
  await stranger.getByLabel('Username', { exact: true }).fill(ghost);
  await stranger.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  await stranger.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
  await stranger.getByLabel('Captcha', { exact: true }).press('Enter');
  await expect(stranger.getByText('Wrong username or password')).toBeVisible();
  await stranger.context().close();

  await openConsole(page, '/monitor/errorLog');
  const search = page.getByRole('search');
  await search.getByLabel('User').fill(ghost);
  await search.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('region', { name: 'Error log' });
  const row = table.getByRole('row', { name: new RegExp(ghost) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Sign in');
  await expect(row).toContainText('POST');
  await expect(row).toContainText('/auth/login');

  await row.getByRole('button', { name: /Details of the error at/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Error details' });
  await expect(drawer).toContainText(/Wrong username or password \(request /);
  await expect(drawer).toContainText(`"username": "${ghost}"`);
  await expect(drawer).not.toContainText('Not-the-password-1');
  await page.screenshot({ path: shot('monitor-error-log-detail-en') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The day range ends with its whole last day: today's entry is found by today's date alone.
  const now = new Date();
  const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  await search.getByPlaceholder('From').fill(today);
  await search.getByPlaceholder('From').press('Enter');
  await search.getByPlaceholder('To').fill(today);
  await search.getByPlaceholder('To').press('Enter');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(row).toHaveCount(1);

  // An administrator clears the log, after confirming.
  await page.getByRole('button', { name: 'Clear log' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear the whole error log?' });
  await expect(confirm).toContainText('Every entry is deleted');
  await confirm.getByRole('button', { name: 'Clear log' }).click();
  await expect(page.getByText('Log cleared')).toBeVisible();
  await expect(table.getByText('Nothing matches the search')).toBeVisible();
});

const PAGES = [
  { path: '/monitor/online', name: 'online', region: { en: 'Online users', zh: '在线用户列表' } },
  { path: '/monitor/logs', name: 'operation-log', region: { en: 'Operation log', zh: '操作日志' } },
  { path: '/monitor/errorLog', name: 'error-log', region: { en: 'Error log', zh: '异常日志' } },
] as const;

for (const language of ['en', 'zh'] as const) {
  test.describe(`monitor pages in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    test(`screenshots of the monitor pages (${language}) @phone`, async ({ page, request }) => {
      // A failed sign-in, so that the error log has an entry to show.
      const { uuid } = (await (await request.get('auth/code')).json()) as { uuid: string };
      const refused = await request.post('auth/login', {
        data: { username: 'admin', password: 'Not-the-password-1', code: CAPTCHA_ANSWER, uuid },
      });
      expect(refused.status()).toBe(400);
      await openConsole(page, '/dashboard', language === 'en' ? 'en' : 'zh-CN');
      for (const entry of PAGES) {
        await page.goto(entry.path);
        const table = page.getByRole('region', { name: entry.region[language] });
        await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
        await expect(table.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
        await page.screenshot({ path: shot(`monitor-${entry.name}-${language}`) });
        // Never wider than the screen: the table scrolls inside itself.
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      }
      // The error log's drawer fits the screen.
      await page
        .getByRole('button', { name: language === 'en' ? /Details of the error at/ : /的异常详情/ })
        .first()
        .click();
      const drawer = page.getByRole('dialog', { name: language === 'en' ? 'Error details' : '异常详情' });
      await expect(drawer).toContainText(/Wrong username or password|用户名或密码错误/);
      // The operation's name, in the console's language.
      await expect(drawer).toContainText(language === 'en' ? 'Sign in' : '用户登录');
      await page.screenshot({ path: shot(`monitor-error-detail-${language}`) });
      expect(await fitsScreenWidth(page, drawer)).toBe(true);
    });
  });
}
