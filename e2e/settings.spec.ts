import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { openSidebarOnPhone, sidebar, tabBar } from './support/shell.ts';
import { shot, signIn } from './support/sign-in.ts';

const PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Layout settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Layout settings' });
  await expect(drawer).toBeVisible();
  return drawer;
}

const background = (target: Locator) => target.evaluate((element) => getComputedStyle(element).backgroundColor);

test.describe('settings drawer', () => {
  test('offers the eight theme colours and the display switches with their defaults', async ({ page }) => {
    await signIn(page);
    const drawer = await openSettings(page);
    const colours = drawer.getByRole('radiogroup', { name: 'Theme colour' }).getByRole('radio');
    await expect(colours).toHaveCount(8);
    for (const [index, colour] of PRESETS.entries()) {
      await expect(colours.nth(index)).toHaveAccessibleName(`Theme colour ${colour}`);
    }
    await expect(drawer.getByRole('radio', { name: 'Theme colour #1890ff' })).toHaveAttribute('aria-checked', 'true');
    const defaults: [string, boolean][] = [
      ['Dark mode', false],
      ['Show tabs', true],
      ['Fixed header', true],
      ['Show logo', false],
      ['Unique-opened menu', true],
      ['Show footer', true],
    ];
    for (const [name, on] of defaults) {
      await expect(drawer.getByRole('switch', { name })).toHaveAttribute('aria-checked', String(on));
    }
  });

  test('changes apply at once, survive a reload and apply before the first paint', { tag: '@phone' }, async ({
    page,
  }) => {
    await signIn(page);
    const drawer = await openSettings(page);
    await drawer.getByRole('radio', { name: 'Theme colour #11a983' }).click();
    const activeTab = tabBar(page).locator('[aria-current="page"] >> xpath=..');
    await expect.poll(() => background(activeTab)).toBe('rgb(17, 169, 131)');
    await drawer.getByRole('switch', { name: 'Show logo' }).click();
    await drawer.getByRole('switch', { name: 'Fixed header' }).click();
    await drawer.getByRole('switch', { name: 'Dark mode' }).click();
    await page.keyboard.press('Escape');

    await openSidebarOnPhone(page);
    await expect(sidebar(page).getByText('Automatic Water Vending Back-office')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => background(page.locator('body'))).toBe('rgb(0, 0, 0)');
    const headerPosition = () =>
      page.locator('header').evaluate((header) => getComputedStyle(header.parentElement!).position);
    expect(await headerPosition()).toBe('static');
    await page.screenshot({ path: shot('shell-dark-en-desktop') });

    // Hold the application code back: what shows meanwhile comes from the saved settings alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const reloaded = page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page.locator('body'))).toBe('rgb(0, 0, 0)');
    expect(await page.locator('html').evaluate((html) => html.style.getPropertyValue('--water-primary'))).toBe(
      '#11a983',
    );
    release();
    await reloaded;

    await openSidebarOnPhone(page);
    await expect(sidebar(page).getByText('Automatic Water Vending Back-office')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await headerPosition()).toBe('static');
    const again = await openSettings(page);
    await expect(again.getByRole('radio', { name: 'Theme colour #11a983' })).toHaveAttribute('aria-checked', 'true');
    await expect(again.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
  });

  test('the tab bar and the footer can be hidden', async ({ page }) => {
    await signIn(page);
    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: 'Show tabs' }).click();
    await drawer.getByRole('switch', { name: 'Show footer' }).click();
    await expect(tabBar(page)).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Welcome, admin')).toBeVisible();
    await expect(tabBar(page)).toHaveCount(0);
  });
});

test.describe('settings drawer in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('speaks Chinese', async ({ page }) => {
    await signIn(page, { language: 'zh-CN' });
    await page.getByRole('button', { name: '布局设置' }).click();
    const drawer = page.getByRole('dialog', { name: '布局设置' });
    for (const name of ['暗色模式', '显示标签页', '固定顶栏', '显示 Logo', '菜单只展开一项', '显示页脚']) {
      await expect(drawer.getByRole('switch', { name })).toBeVisible();
    }
    await expect(drawer.getByRole('radiogroup', { name: '主题色' })).toBeVisible();
  });
});
