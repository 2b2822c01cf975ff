import { expect, test } from './support/fixtures.ts';
import { breadcrumb, tabBar } from './support/shell.ts';
import { shot, signIn } from './support/sign-in.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sidebar is a drawer that closes on navigation', async ({ page }) => {
    await signIn(page);
    await expect(page.locator('aside')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('heading', { name: 'Home', level: 2 })).toBeVisible();
    await page.screenshot({ path: shot('shell-en-mobile'), fullPage: true });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'System' }).click();
    await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dictionaries' })).toBeInViewport();
    await page.screenshot({ path: shot('shell-drawer-en-mobile') });
    await menu.getByRole('link', { name: 'Users' }).click();

    await expect(page).toHaveURL(/\/system\/user$/);
    await expect(menu).toBeHidden();
    await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText('Users');
    await expect(tabBar(page).getByRole('link')).toHaveText(['Home', 'Users']);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeInViewport();
  });
});

test.describe('resizing the window', () => {
  test('switches between desktop and mobile', async ({ page }) => {
    await signIn(page);
    await expect(page.locator('aside')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();

    await page.setViewportSize({ width: 800, height: 800 });
    await expect(page.locator('aside')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();

    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(page.locator('aside')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  });
});

test.describe('on a phone in Chinese', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });

  test('the shell fits and speaks Chinese', async ({ page }) => {
    await signIn(page, { language: 'zh-CN' });
    await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('shell-zh-mobile'), fullPage: true });
  });
});
