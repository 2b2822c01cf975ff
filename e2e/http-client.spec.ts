import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { TOKEN_COOKIE_KEY } from '@water/contract/constants';
import { signInAs, uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { homeLoaded, openSidebarOnPhone, sidebar, tabBar, tabMenu, tokenOf } from './support/shell.ts';
import { shot, signIn } from './support/sign-in.ts';

/** Reloads the home page's data by the tab's Refresh: the statistics and the recent operations, in parallel. */
async function refreshHome(page: Page) {
  await tabBar(page).getByRole('link', { name: 'Home' }).click({ button: 'right' });
  await tabMenu(page).getByRole('menuitem', { name: 'Refresh' }).click();
}

/**
 * Cuts the console's push channel, so that only the next requests find out the session is gone
 * (with the channel open, the server's LOGOUT push raises the same prompt at once).
 */
async function withoutPushes(page: Page) {
  await page.routeWebSocket(/\/websocket/, () => {});
}

/** The next answer to a call of the path refused for want of a session. */
function refused(page: Page, path: string) {
  return page.waitForResponse((response) => response.url().includes(path) && response.status() === 401);
}

/** Ends the browser's session on the server, as an administrator kicking it out would. */
async function endSession(request: APIRequestContext, context: BrowserContext) {
  const answer = await request.delete('auth/logout', { headers: { Authorization: await tokenOf(context) } });
  expect(answer.status()).toBe(200);
}

test.describe('the HTTP client', () => {
  test('an expired session raises one "System prompt" however many calls fail together', async ({
    page,
    context,
    request,
  }) => {
    await withoutPushes(page);
    await signIn(page);
    await homeLoaded(page);
    await endSession(request, context);

    const both = Promise.all([refused(page, '/api/dashboard/stats'), refused(page, '/api/logs')]);
    await refreshHome(page);
    await both;

    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveCount(1);
    await expect(dialog).toContainText('System prompt');
    await expect(dialog).toContainText('Login status has expired, you can stay on this page or log in again');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await page.screenshot({ path: shot('session-expired-en-desktop') });

    await dialog.getByRole('button', { name: 'Log in again' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    expect((await context.cookies()).some((cookie) => cookie.name === TOKEN_COOKIE_KEY)).toBe(false);
  });

  test('cancelling the prompt stays on the page', async ({ page, context, request }) => {
    await withoutPushes(page);
    await signIn(page);
    await homeLoaded(page);
    await endSession(request, context);
    const both = Promise.all([refused(page, '/api/dashboard/stats'), refused(page, '/api/logs')]);
    await refreshHome(page);
    // Both calls have failed before the prompt is answered: a later one would rightly ask again.
    await both;
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a 403 answer leads to /401, which explains and offers a way home', async ({ page, seed }) => {
    // A role that shows the jobs page but not the permission to list jobs: the server refuses the list.
    const { 'Unlisted jobs': jobsPage } = await seed.menuTree({
      title: 'Unlisted jobs',
      path: 'unlisted-jobs',
      component: 'system/job/index',
    });
    const suffix = uniqueSuffix();
    const password = 'Unlisted-pass-1';
    await seed.user(`unlisted-${suffix}`, password, [await seed.role(`Unlisted ${suffix}`, [jobsPage!])]);
    await signInAs(page, `unlisted-${suffix}`, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openSidebarOnPhone(page);
    await sidebar(page).getByRole('link', { name: 'Unlisted jobs' }).click();
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText('Sorry, you do not have permission to view this page.')).toBeVisible();
    await expect(page.getByText(/does not hold the permission this page or action requires/)).toBeVisible();
    await page.screenshot({ path: shot('401-en-desktop') });
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a call that gets no answer shows 'interface request failed' for 5 s, and its figures can be retried", async ({
    page,
  }) => {
    await signIn(page);
    await homeLoaded(page);
    await page.route('**/api/dashboard/stats', (route) => route.abort('connectionrefused'));
    await refreshHome(page);
    const notice = page.getByRole('alert').filter({ hasText: 'interface request failed' });
    await expect(notice).toHaveCount(1);
    await expect(notice).toBeVisible();
    const shownAt = Date.now();
    await expect(notice).toBeHidden({ timeout: 9_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
    await expect(page.getByText('The figures could not be loaded.')).toBeVisible();

    await page.unroute('**/api/dashboard/stats');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('img', { name: 'Sign-ins in the last 7 days' })).toBeVisible();
    await expect(page.getByText('The figures could not be loaded.')).toHaveCount(0);
  });
});

test.describe('the HTTP client in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the session prompt speaks Chinese', async ({ page, context, request }) => {
    await withoutPushes(page);
    await signIn(page, { language: 'zh-CN' });
    await expect(page.getByRole('img', { name: '近 7 天登录次数' })).toBeVisible();
    // The seeded operation name, in Chinese too.
    await expect(page.getByRole('listitem').filter({ hasText: '用户登录' }).first()).toBeVisible();
    await expect(page.getByText('今日净收入')).toBeVisible();
    await endSession(request, context);
    await page.getByRole('navigation', { name: '已打开的页面' }).getByRole('link', { name: '首页' }).click({
      button: 'right',
    });
    await page
      .getByRole('menu')
      .filter({ has: page.getByRole('menuitem', { name: '关闭其他' }) })
      .getByRole('menuitem', { name: '刷新' })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('系统提示');
    await expect(dialog).toContainText('登录状态已过期，您可以继续留在该页面，或者重新登录');
    await expect(dialog.getByRole('button', { name: '重新登录' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: '取消' })).toBeVisible();
  });
});
