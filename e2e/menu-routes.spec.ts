import { expect, test } from '@playwright/test';
import type { MenuRoute } from '@water/contract/menus';
import { withExtraMenus } from './support/menus.ts';
import { APP_TITLE, breadcrumb, openAccountMenu, openSidebarOnPhone, sidebar, tabBar } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

const meta = (title: string, icon: string | null = null) => ({ title, icon, noCache: true });

/** Menus the seed lacks: deep nesting, a hidden page, external links, an unknown page key and icon. */
const EXTRA_MENUS: MenuRoute[] = [
  {
    path: '/extras',
    name: 'Extras',
    hidden: false,
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noredirect',
    meta: meta('Extras', 'no-such-icon'),
    children: [
      { path: 'https://docs.example.com/guide', name: 'Guide', hidden: false, meta: meta('Guide', 'link') },
      {
        path: 'level2',
        name: 'Level2',
        hidden: false,
        component: 'ParentView',
        alwaysShow: true,
        redirect: 'noredirect',
        meta: meta('Level two'),
        children: [
          {
            path: 'level3',
            name: 'Level3',
            hidden: false,
            component: 'ParentView',
            alwaysShow: true,
            redirect: 'noredirect',
            meta: meta('Level three'),
            children: [
              {
                path: 'deep-page',
                name: 'DeepPage',
                hidden: false,
                component: 'common/placeholder/index',
                meta: meta('Deep page'),
              },
            ],
          },
        ],
      },
      {
        path: 'secret',
        name: 'Secret',
        hidden: true,
        component: 'common/placeholder/index',
        meta: meta('Secret report'),
      },
      { path: 'future', name: 'Future', hidden: false, component: 'reports/future/index', meta: meta('Future report') },
    ],
  },
  {
    path: '/mailto:help@example.com',
    hidden: false,
    component: 'Layout',
    children: [{ path: 'mailto:help@example.com', hidden: false, meta: meta('Write to us', 'email') }],
  },
];

test.describe('routes from the server', () => {
  test.beforeEach(async ({ page }) => {
    await withExtraMenus(page, EXTRA_MENUS);
    await signIn(page);
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
    await expect(page.getByRole('heading', { name: 'Deep page' })).toBeVisible();
    await expect(page).toHaveTitle(`Deep page - ${APP_TITLE}`);
    await expect(breadcrumb(page)).toHaveText(
      /Home\s*\/\s*Extras\s*\/\s*Level two\s*\/\s*Level three\s*\/\s*Deep page/,
    );
  });

  test('a hidden entry is routed but not in the sidebar', { tag: '@phone' }, async ({ page }) => {
    await sidebar(page).getByRole('menuitem', { name: 'Extras' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Future report' })).toBeVisible();
    await expect(sidebar(page).getByText('Secret report')).toHaveCount(0);
    await page.goto('/extras/secret');
    await expect(page.getByRole('heading', { name: 'Secret report' })).toBeVisible();
    await expect(page).toHaveTitle(`Secret report - ${APP_TITLE}`);
    await expect(tabBar(page).getByRole('link', { name: 'Secret report' })).toBeVisible();
  });

  test('external links open in a new tab', { tag: '@phone' }, async ({ page, context }) => {
    await context.route('https://docs.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Guide</title>' }),
    );
    await sidebar(page).getByRole('menuitem', { name: 'Extras' }).click();
    const guide = sidebar(page).getByRole('link', { name: 'Guide' });
    await expect(guide).toHaveAttribute('href', 'https://docs.example.com/guide');
    await expect(guide).toHaveAttribute('target', '_blank');
    await expect(guide).toHaveAttribute('rel', /noopener/);
    const popup = page.waitForEvent('popup');
    await guide.click();
    await expect(await popup).toHaveURL('https://docs.example.com/guide');
    await expect(page).toHaveURL(/\/dashboard$/);

    const mail = sidebar(page).getByRole('link', { name: 'Write to us' });
    await expect(mail).toHaveAttribute('href', 'mailto:help@example.com');
    await expect(mail).toHaveAttribute('target', '_blank');
  });

  test('a page key this build does not know shows "page not available"', { tag: '@phone' }, async ({ page }) => {
    await sidebar(page).getByRole('menuitem', { name: 'Extras' }).click();
    await sidebar(page).getByRole('link', { name: 'Future report' }).click();
    await expect(page).toHaveURL(/\/extras\/future$/);
    await expect(page.getByText('Page not available')).toBeVisible();
    await expect(page.getByText(/reports\/future\/index/)).toBeVisible();
    await expect(page.getByText('Welcome, admin')).toBeVisible();
  });
});

test.describe('fixed routes', () => {
  test('/ opens the pinned home page; the personal center is reached from the avatar only', { tag: '@phone' }, async ({
    page,
  }) => {
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

  test('known menu titles are translated, unknown ones shown as sent', async ({ page }) => {
    await withExtraMenus(page, EXTRA_MENUS);
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
