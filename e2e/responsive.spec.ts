import { expect, test } from './support/fixtures.ts';
import { breadcrumb, sidewaysOverflow, tabBar } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';

// Signing in is not the point here: every journey opens the console with the worker's session.
test.use({ signedIn: true });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sidebar is a drawer that closes on navigation', async ({ page }) => {
    await openConsole(page);
    await expect(page.locator('aside')).toHaveCount(0);
    const overflow = await sidewaysOverflow(page);
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
    await openConsole(page);
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
    await openConsole(page, '/dashboard', 'zh-CN');
    await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('shell-zh-mobile'), fullPage: true });
  });
});

const SYSTEM_PAGES = ['/system/user', '/system/role', '/system/menu', '/system/dept', '/system/job', '/system/dict'];

for (const language of ['en', 'zh-CN'] as const) {
  test.describe(`system pages on a phone (${language})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: language });

    test('never scroll sideways, and their dialogs fit the screen', async ({ page }) => {
      test.setTimeout(120_000);
      await openConsole(page, '/dashboard', language);
      for (const path of SYSTEM_PAGES) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
          expect(await sidewaysOverflow(page), `${path} is wider than the phone`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: shot(`${path.split('/').pop()}-${language}-phone`) });
          await page
            .getByRole('main')
            .getByRole('button', { name: language === 'en' ? 'Add' : '新增', exact: true })
            .first()
            .click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          const box = await dialog.boundingBox();
          expect(box).not.toBeNull();
          expect(box!.x, `${path}: the dialog starts off-screen`).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, `${path}: the dialog ends off-screen`).toBeLessThanOrEqual(390);
          expect(await sidewaysOverflow(page), `${path} with its dialog is wider than the phone`).toBeLessThanOrEqual(
            0,
          );
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        });
      }
    });
  });
}
