import type { Page } from '@playwright/test';
import { TOKEN_COOKIE_KEY } from '@water/contract/constants';
import { expect, test } from './support/fixtures.ts';
import { APP_TITLE, APP_TITLE_ZH, breadcrumb, homeLoaded, openFromSidebar } from './support/shell.ts';
import { fillSignIn, signIn } from './support/sign-in.ts';
import { WORKBENCH } from './support/workbench.ts';

const jobsList = (page: Page) => page.getByRole('region', { name: 'Jobs' });
const dictionaries = (page: Page) => page.getByRole('region', { name: 'Dictionaries' });

test.describe('navigation rules', () => {
  test.beforeEach(async ({ seed }) => {
    await seed.menuTree(WORKBENCH);
  });

  test('a bookmarked menu page is reached after signing in, with its title', async ({ page }) => {
    await page.goto('/workbench/kept?from=bookmark');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fworkbench%2Fkept%3Ffrom%3Dbookmark$/);
    await fillSignIn(page);
    await expect(page).toHaveURL(/\/workbench\/kept\?from=bookmark$/);
    await expect(jobsList(page)).toBeVisible();
    await expect(page).toHaveTitle(`Kept jobs - ${APP_TITLE}`);
  });

  test('nothing but a spinner and the progress bar shows while the user info and the menus load', {
    tag: '@phone',
  }, async ({ page }) => {
    await signIn(page);
    // Records every text the page ever shows, to prove no 404, 401 or empty layout flashed.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const hold = async (pattern: string) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let asked = () => {};
      const requested = new Promise<void>((resolve) => {
        asked = resolve;
      });
      await page.route(pattern, async (route) => {
        asked();
        await held;
        await route.fallback();
      });
      return { release, requested };
    };
    const info = await hold('**/auth/info');
    const menus = await hold('**/api/menus/build');
    const onlySpinner = async () => {
      await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
      await expect(page.locator('#nprogress .bar')).toBeVisible();
      await expect(page.locator('#nprogress .spinner')).toHaveCount(0);
      await expect(page.getByText('Welcome, admin')).toHaveCount(0);
      await expect(page).toHaveURL(/\/workbench\/kept$/);
    };

    await page.goto('/workbench/kept');
    await info.requested;
    await onlySpinner();
    info.release();
    await menus.requested;
    await onlySpinner();
    menus.release();
    await expect(jobsList(page)).toBeVisible();
    await expect(page.getByText('Welcome, admin')).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts.join('\n'));
    for (const text of ['404', 'does not exist', 'No permission', 'page not available']) {
      expect(seen).not.toContain(text);
    }
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('a signed-in visitor is sent away from /login, and unknown paths go to /404', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/system/no-such-page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page).toHaveTitle(`Page not found - ${APP_TITLE}`);
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Home', level: 2 })).toBeVisible();
  });

  test('the page title and breadcrumbs follow the route', { tag: '@phone' }, async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveTitle(`Home - ${APP_TITLE}`);
    await expect(breadcrumb(page)).toHaveText('Home');

    await openFromSidebar(page, 'Monitor', 'Online users');
    await expect(page).toHaveURL(/\/monitor\/online$/);
    await expect(page).toHaveTitle(`Online users - ${APP_TITLE}`);
    await expect(breadcrumb(page)).toHaveText(/Home\s*\/\s*Monitor\s*\/\s*Online users/);

    await breadcrumb(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the page scrolls to the top on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 420 });
    await signIn(page);
    await homeLoaded(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await openFromSidebar(page, 'Workbench', 'Word lists');
    await expect(dictionaries(page)).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('/redirect/<path> comes back to the path', async ({ page }) => {
    await signIn(page);
    await page.goto('/redirect/workbench/words?x=1');
    await expect(page).toHaveURL(/\/workbench\/words\?x=1$/);
    await expect(dictionaries(page)).toBeVisible();
  });

  test('when the user info cannot be loaded, the visitor is logged out and the page reloads', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await page.route('**/auth/info', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === TOKEN_COOKIE_KEY)).toBe(false);
  });
});

test.describe('navigation in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('titles and breadcrumbs are translated', async ({ page }) => {
    await signIn(page, { language: 'zh-CN' });
    await expect(page).toHaveTitle(`首页 - ${APP_TITLE_ZH}`);
    await page.goto('/system/user');
    await expect(page).toHaveTitle(`用户管理 - ${APP_TITLE_ZH}`);
    await expect(page.getByRole('navigation', { name: '面包屑导航' })).toHaveText(
      /首页\s*\/\s*系统管理\s*\/\s*用户管理/,
    );
  });
});
