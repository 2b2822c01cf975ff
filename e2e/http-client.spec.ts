import { expect, type Page, test } from '@playwright/test';
import { homeLoaded, tabBar, tabMenu } from './support/shell.ts';
import { SCREENSHOTS, signIn } from './support/sign-in.ts';

/** Reloads the home page's data by the tab's Refresh: the statistics and the recent operations, in parallel. */
async function refreshHome(page: Page) {
  await tabBar(page).getByRole('link', { name: 'Home' }).click({ button: 'right' });
  await tabMenu(page).getByRole('menuitem', { name: 'Refresh' }).click();
}

test.describe('the HTTP client', () => {
  test('a 403 answer leads to /401, which explains and offers a way home', async ({ page }) => {
    await signIn(page);
    await homeLoaded(page);
    await page.route('**/api/dashboard/stats', (route) =>
      route.fulfill({ status: 403, json: { status: 403, message: 'Forbidden', timestamp: Date.now() } }),
    );
    await refreshHome(page);
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText('Sorry, you do not have permission to view this page.')).toBeVisible();
    await expect(page.getByText(/does not hold the permission this page or action requires/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/401-en-desktop.png` });
    await page.unroute('**/api/dashboard/stats');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("other failures show the server's message, or 'interface request failed', for 5 s", async ({ page }) => {
    await signIn(page);
    await homeLoaded(page);
    await page.route('**/api/dashboard/stats', (route) =>
      route.fulfill({ status: 500, json: { status: 500, message: 'Internal server error', timestamp: Date.now() } }),
    );
    await refreshHome(page);
    const notice = page.getByRole('alert').filter({ hasText: 'Internal server error' });
    await expect(notice).toHaveCount(1);
    await expect(notice).toBeVisible();
    const shownAt = Date.now();
    await expect(notice).toBeHidden({ timeout: 9_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
    await expect(page.getByText('The figures could not be loaded.')).toBeVisible();

    await page.route('**/api/dashboard/stats', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'interface request failed' })).toHaveCount(1);
  });
});

test.describe('the HTTP client in Chinese', () => {
  test.use({ locale: 'zh-CN' });
});
