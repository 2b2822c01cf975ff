import { expect, test } from './support/fixtures.ts';
import type { MenuSeed } from './support/seed.ts';
import { APP_TITLE, breadcrumb, openAccountMenu, openSidebarOnPhone, sidebar, tabBar } from './support/shell.ts';
import { openConsole, signIn } from './support/sign-in.ts';

/**
 * Menus the seed lacks, created through the menu API: deep nesting, a hidden page, an external
 * link, a page key this build does not know and an icon it does not know. Pages that must show
 * are the jobs list under another title.
 */
const EXTRAS: MenuSeed = {
  title: 'Extras',
  path: 'extras',
  icon: 'no-such-icon',
  children: [
    { title: 'Guide', path: 'https://docs.example.com/guide', iFrame: true, icon: 'link', menuSort: 1 },
    {
      title: 'Level two',
      path: 'level2',
      menuSort: 2,
      children: [
        {
          title: 'Level three',
          path: 'level3',
          children: [{ title: 'Deep page', path: 'deep-page', component: 'system/job/index' }],
        },
      ],
    },
    { title: 'Secret report', path: 'secret', component: 'system/job/index', hidden: true, menuSort: 3 },
    { title: 'Future report', path: 'future', component: 'reports/future/index', menuSort: 4 },
  ],
};

const jobsList = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Jobs' });

test.describe('routes from the server', () => {
  test.use({ signedIn: true });

  test.beforeEach(async ({ page, seed }) => {
    await seed.menuTree(EXTRAS);
    await openConsole(page);
    await openSidebarOnPhone(page);
  });

  test('nested directories of any depth lead to their pages', { tag: '@phone' }, async ({ page }) => {
    const menu = sidebar(page);
    // An icon name the console does not know gets the neutral default icon.
    await expect(menu.getByRole('menuitem', { name: 'Extras' }).getByRole('img', { name: 'appstore' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Extras' }).click();
    await menu.getByRole('menuitem', { name: 'Level two' }).click();
    await menu.getByRole('menuitem', { name: 'Level three' }).click();
    await menu.getByRole('link', { name: 'Deep page' }).click();
    await expect(page).toHaveURL(/\/extras\/level2\/level3\/deep-page$/);
    await expect(jobsList(page)).toBeVisible();
    await expect(page).toHaveTitle(`Deep page - ${APP_TITLE}`);
    await expect(breadcrumb(page)).toHaveText(
      /Home\s*\/\s*Extras\s*\/\s*Level two\s*\/\s*Level three\s*\/\s*Deep page/,
    );
  });

  test('a hidden entry is routed but not in the sidebar', async ({ page }) => {
    await sidebar(page).getByRole('menuitem', { name: 'Extras' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Future report' })).toBeVisible();
    await expect(sidebar(page).getByText('Secret report')).toHaveCount(0);
    await page.goto('/extras/secret');
    await expect(jobsList(page)).toBeVisible();
    await expect(page).toHaveTitle(`Secret report - ${APP_TITLE}`);
    await expect(tabBar(page).getByRole('link', { name: 'Secret report' })).toBeVisible();
  });

  test('external links open in a new tab', { tag: '@phone' }, async ({ page, context }) => {
    // This machine may be offline: the new tab's request is what shows where the link leads.
    await context.route('https://docs.example.com/**', (route) => route.abort('internetdisconnected'));
    await sidebar(page).getByRole('menuitem', { name: 'Extras' }).click();
    const guide = sidebar(page).getByRole('link', { name: 'Guide' });
    await expect(guide).toHaveAttribute('href', 'https://docs.example.com/guide');
    await expect(guide).toHaveAttribute('target', '_blank');
    await expect(guide).toHaveAttribute('rel', /noopener/);
    const requested = context.waitForEvent('request', (request) => request.url().startsWith('https://docs.'));
    const popup = page.waitForEvent('popup');
    await guide.click();
    await popup;
    expect((await requested).url()).toBe('https://docs.example.com/guide');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a page key this build does not know shows "page not available"', async ({ page }) => {
    await sidebar(page).getByRole('menuitem', { name: 'Extras' }).click();
    await sidebar(page).getByRole('link', { name: 'Future report' }).click();
    await expect(page).toHaveURL(/\/extras\/future$/);
    await expect(page.getByText('Page not available')).toBeVisible();
    await expect(page.getByText(/reports\/future\/index/)).toBeVisible();
    await expect(page.getByText('Welcome, admin')).toBeVisible();
  });
});

test.describe('fixed routes', () => {
  test('/ opens the pinned home page; the personal center is reached from the avatar only', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    const home = tabBar(page).getByRole('listitem').filter({ hasText: 'Home' });
    await expect(home.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(home.getByRole('button')).toHaveCount(0);

    await expect(sidebar(page).getByText('Personal center')).toHaveCount(0);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Personal center' }).click();
    await expect(page).toHaveURL(/\/user\/center$/);
    await expect(page.getByRole('heading', { name: 'Personal center' })).toBeVisible();
    await expect(page).toHaveTitle(`Personal center - ${APP_TITLE}`);
    // The status comes through the user_status dictionary.
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
  });
});

test.describe('routes from the server in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('known menu titles are translated, unknown ones shown as sent', async ({ page, seed }) => {
    await seed.menuTree(EXTRAS);
    await signIn(page, { language: 'zh-CN' });
    const menu = page.getByRole('navigation', { name: '主菜单' });
    for (const title of ['首页', '系统管理', '系统监控', '系统工具', 'Extras']) {
      await expect(menu.getByRole('menuitem', { name: title })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: '系统管理' }).click();
    for (const title of ['用户管理', '角色管理', '菜单管理', '部门管理', '岗位管理', '字典管理']) {
      await expect(menu.getByRole('link', { name: title })).toBeVisible();
    }
  });
});
