import { TOKEN_COOKIE_KEY } from '@water/contract/constants';
import { expect, test } from './support/fixtures.ts';
import { APP_TITLE, logOut, openAccountMenu, openSidebarOnPhone, sidebar } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';
import { jobNameFilter, WORKBENCH } from './support/workbench.ts';

const cookie = async (context: import('@playwright/test').BrowserContext, name: string) =>
  (await context.cookies()).find((candidate) => candidate.name === name)?.value;

test.describe('layout', () => {
  test('the sidebar is 205 px wide and folds, remembering it in a cookie as 1 or 0', async ({ page, context }) => {
    await signIn(page);
    const aside = page.locator('aside');
    await expect.poll(async () => (await aside.boundingBox())?.width).toBe(205);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await aside.boundingBox())?.width).toBe(64);
    expect(await cookie(context, 'sidebarStatus')).toBe('0');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect.poll(async () => (await aside.boundingBox())?.width).toBe(64);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await aside.boundingBox())?.width).toBe(205);
    expect(await cookie(context, 'sidebarStatus')).toBe('1');
  });

  test('one submenu is open at a time while unique-opened is on (the default)', async ({ page }) => {
    await signIn(page);
    const menu = sidebar(page);
    await menu.getByRole('menuitem', { name: 'System' }).click();
    await expect(menu.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Monitor' }).click();
    await expect(menu.getByRole('link', { name: 'Online users' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Users', exact: true })).toBeHidden();

    await page.getByRole('button', { name: 'Layout settings' }).click();
    await page.getByRole('switch', { name: 'Unique-opened menu' }).click();
    await page.keyboard.press('Escape');
    await menu.getByRole('menuitem', { name: 'System' }).click();
    await expect(menu.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Online users' })).toBeVisible();
  });

  test('the top bar welcomes the user, switches language and size, and has the account menu', {
    tag: '@phone',
  }, async ({ page, context, seed }) => {
    await seed.menuTree(WORKBENCH);
    await signIn(page);
    await expect(page.getByText('Welcome, admin')).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} ${APP_TITLE}`)).toBeVisible();

    // Default avatar: the user has none.
    const account = page.getByRole('button', { name: 'Account menu' });
    await expect(account.locator('img')).toHaveCount(0);
    await expect(account.getByRole('img', { name: 'user' })).toBeVisible();
    await openAccountMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Personal center' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Size: small by default, remembered in a cookie.
    await page.goto('/workbench/kept');
    const filter = jobNameFilter(page);
    await expect(filter).toHaveClass(/ant-input-sm/);
    await page.getByRole('button', { name: 'Size: Small' }).click();
    await page.getByRole('menuitem', { name: 'Large' }).click();
    await expect(filter).toHaveClass(/ant-input-lg/);
    expect(await cookie(context, 'size')).toBe('large');
    await page.reload();
    await expect(filter).toHaveClass(/ant-input-lg/);

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '中文', exact: true }).click();
    await expect(page.getByText('欢迎，admin')).toBeVisible();
    await openSidebarOnPhone(page);
    await expect(
      page.getByRole('navigation', { name: '主菜单' }).getByRole('menuitem', { name: '系统管理' }),
    ).toBeVisible();
    // A menu title the console does not know stays as the server sent it.
    await expect(page).toHaveTitle('Kept jobs - 设备代理分销管理系统');
  });

  test('logging out asks first and signs out even when the server cannot be reached', { tag: '@phone' }, async ({
    page,
    context,
  }) => {
    await signIn(page);
    await page.route('**/auth/logout', (route) => route.abort('connectionrefused'));
    await logOut(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to log out of the system?');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).some((candidate) => candidate.name === TOKEN_COOKIE_KEY)).toBe(false);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('cancelling the log-out keeps the session', async ({ page }) => {
    await signIn(page);
    await logOut(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('layout in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the top bar and the log-out question speak Chinese', async ({ page }) => {
    await signIn(page, { language: 'zh-CN' });
    await page.getByRole('button', { name: '账号菜单' }).click();
    await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page.getByRole('dialog')).toContainText('确定注销并退出系统吗？');
    await expect(page.getByRole('button', { name: '收起侧边栏' })).toBeAttached();
  });
});
