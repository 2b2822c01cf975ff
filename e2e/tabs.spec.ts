import type { Page } from '@playwright/test';
import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { openFromSidebar, tabBar, tabMenu } from './support/shell.ts';
import { openConsole, shot, signIn } from './support/sign-in.ts';
import { removeNamed } from './support/system-pages.ts';
import { dictSearch, jobNameFilter, WORKBENCH } from './support/workbench.ts';

const tab = (page: Page, title: string) => tabBar(page).getByRole('link', { name: title, exact: true });
const tabTitles = (page: Page) => tabBar(page).getByRole('link');
const open = (page: Page, title: string) => openFromSidebar(page, 'Workbench', title);
const jobs = (page: Page) => page.getByRole('region', { name: 'Jobs' });

test.describe('tabs', () => {
  test.use({ signedIn: true });

  test.beforeEach(async ({ page, seed }) => {
    await seed.menuTree(WORKBENCH);
    await openConsole(page);
  });

  test('a page whose menu has cache on keeps its typed filter; one with cache off starts afresh', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, 'Kept jobs');
    await jobNameFilter(page).fill('kept while away');
    await open(page, 'Word lists');
    await dictSearch(page).fill('lost when left');

    await tab(page, 'Kept jobs').click();
    await expect(page).toHaveURL(/\/workbench\/kept$/);
    await expect(jobNameFilter(page)).toHaveValue('kept while away');

    await tab(page, 'Word lists').click();
    await expect(page).toHaveURL(/\/workbench\/words$/);
    await expect(page.getByRole('region', { name: 'Dictionaries' })).toBeVisible();
    await expect(dictSearch(page)).toHaveValue('');
    await expect(tabTitles(page)).toHaveText(['Home', 'Kept jobs', 'Word lists']);
  });

  test('the context menu is 105 px wide and refreshes, closes, closes others and closes all', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, 'Kept jobs');
    await jobNameFilter(page).fill('before refresh');
    await open(page, 'Word lists');
    await open(page, 'Branches');
    await expect(tabTitles(page)).toHaveText(['Home', 'Kept jobs', 'Word lists', 'Branches']);

    await tab(page, 'Kept jobs').click({ button: 'right' });
    const menu = tabMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['Refresh', 'Close', 'Close others', 'Close all']);
    await expect.poll(async () => Math.round((await menu.boundingBox())?.width ?? 0)).toBe(105);
    await page.screenshot({ path: shot('tabs-context-menu-en-desktop') });

    // Refresh remounts the page, even a cached one.
    await menu.getByRole('menuitem', { name: 'Refresh' }).click();
    await expect(page).toHaveURL(/\/workbench\/kept$/);
    await expect(jobNameFilter(page)).toHaveValue('');

    await tab(page, 'Word lists').click({ button: 'right' });
    await tabMenu(page).getByRole('menuitem', { name: 'Close', exact: true }).click();
    await expect(tabTitles(page)).toHaveText(['Home', 'Kept jobs', 'Branches']);
    await expect(page).toHaveURL(/\/workbench\/kept$/);

    await tab(page, 'Branches').click({ button: 'right' });
    await tabMenu(page).getByRole('menuitem', { name: 'Close others' }).click();
    await expect(tabTitles(page)).toHaveText(['Home', 'Branches']);
    await expect(page).toHaveURL(/\/workbench\/branches$/);

    await tab(page, 'Branches').click({ button: 'right' });
    await tabMenu(page).getByRole('menuitem', { name: 'Close all' }).click();
    await expect(tabTitles(page)).toHaveText(['Home']);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the pinned home tab cannot be closed', async ({ page }) => {
    await expect(tabBar(page).getByRole('button')).toHaveCount(0);
    await tab(page, 'Home').click({ button: 'right' });
    await expect(tabMenu(page).getByRole('menuitem', { name: 'Close', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await tabMenu(page).getByRole('menuitem', { name: 'Close all' }).click();
    await expect(tabTitles(page)).toHaveText(['Home']);
    // Escape closes the menu without acting.
    await tab(page, 'Home').click({ button: 'right' });
    await expect(tabMenu(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tabMenu(page)).toBeHidden();
  });

  test('closing the shown tab goes to the last one; one tab per full path', async ({ page }) => {
    await open(page, 'Word lists');
    await page.goto('/workbench/kept');
    await expect(tabTitles(page)).toHaveText(['Home', 'Word lists', 'Kept jobs']);
    await page.goto('/workbench/kept?view=2');
    await expect(tabTitles(page)).toHaveText(['Home', 'Word lists', 'Kept jobs', 'Kept jobs · view=2']);
    await page.goto('/workbench/kept');
    await expect(tabTitles(page)).toHaveText(['Home', 'Word lists', 'Kept jobs', 'Kept jobs · view=2']);

    await tabBar(page).getByRole('button', { name: 'Close Kept jobs' }).first().click();
    await expect(page).toHaveURL(/\/workbench\/kept\?view=2$/);
    await tabBar(page).getByRole('button', { name: 'Close Kept jobs' }).click();
    await expect(page).toHaveURL(/\/workbench\/words$/);
    await expect(tabTitles(page)).toHaveText(['Home', 'Word lists']);
  });

  test('open tabs survive a reload, and the tab list keeps 4 px scroll padding', { tag: '@phone' }, async ({
    page,
  }) => {
    await open(page, 'Kept jobs');
    await openFromSidebar(page, 'Monitor', 'Server');
    await page.reload();
    await expect(tabTitles(page)).toHaveText(['Home', 'Kept jobs', 'Server']);
    await expect(tab(page, 'Server')).toHaveAttribute('aria-current', 'page');
    const padding = await tabBar(page)
      .getByRole('list')
      .evaluate((list) => getComputedStyle(list).scrollPaddingInlineStart);
    expect(padding).toBe('4px');
  });
});

test.describe('tabs in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('tab titles and the context menu are translated', async ({ page }) => {
    await signIn(page, { language: 'zh-CN' });
    await page.goto('/system/user');
    const bar = page.getByRole('navigation', { name: '已打开的页面' });
    await expect(bar.getByRole('link')).toHaveText(['首页', '用户管理']);
    await bar.getByRole('link', { name: '用户管理' }).click({ button: 'right' });
    const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: '关闭其他' }) });
    await expect(menu.getByRole('menuitem')).toHaveText(['刷新', '关闭', '关闭其他', '关闭全部']);
  });
});

test.describe('a kept list', () => {
  test.use({ signedIn: true });

  test('keeps its filter and its table page while another tab shows', async ({ page, admin, seed }) => {
    const prefix = `Kept ${uniqueSuffix()}`;
    const names = Array.from({ length: 12 }, (_, index) => `${prefix} ${String(index + 1).padStart(2, '0')}`);
    for (const [index, jobName] of names.entries()) {
      expect((await admin.post('api/job', { name: jobName, jobSort: index + 1 })).status()).toBe(201);
    }
    try {
      await seed.menuTree(WORKBENCH);
      await openConsole(page, '/workbench/kept');
      const name = jobNameFilter(page);
      await name.fill(prefix);
      await name.press('Enter');
      await expect(jobs(page).getByText('12 in total')).toBeVisible();
      await jobs(page).getByRole('listitem', { name: '2', exact: true }).click();
      await expect(jobs(page).getByRole('row')).toHaveCount(3);
      await expect(jobs(page).getByRole('row').nth(1)).toContainText(`${prefix} 11`);

      await tab(page, 'Home').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await tab(page, 'Kept jobs').click();
      await expect(page).toHaveURL(/\/workbench\/kept$/);
      await expect(name).toHaveValue(prefix);
      await expect(jobs(page).locator('.ant-pagination-item-active')).toHaveText('2');
      await expect(jobs(page).getByRole('row').nth(1)).toContainText(`${prefix} 11`);
    } finally {
      await removeNamed(admin, { jobs: names });
    }
  });
});

test.describe('many tabs', () => {
  test.use({ signedIn: true });

  test('the current tab is scrolled into view after a reload and a direct URL', { tag: '@phone' }, async ({ page }) => {
    const pages = ['/system/user', '/system/role', '/system/menu', '/system/dept', '/system/job', '/system/dict'];
    await openConsole(page, pages[0]);
    for (const path of pages.slice(1)) await page.goto(path);
    const list = tabBar(page).getByRole('list');
    const current = tabBar(page).locator('[aria-current="page"]');
    const inView = async () => {
      const bar = (await list.boundingBox())!;
      const box = (await current.locator('xpath=ancestor::li').boundingBox())!;
      return box.x >= bar.x + 3.5 && box.x + box.width <= bar.x + bar.width - 3.5;
    };
    await page.reload();
    await expect(current).toHaveText('Dictionaries');
    await expect.poll(inView).toBe(true);
    await page.goto('/system/user');
    await expect(current).toHaveText('Users');
    await expect.poll(inView).toBe(true);
  });

  test('two tabs of the same page are told apart by their query', async ({ page }) => {
    await openConsole(page, '/system/dict');
    await page.goto('/system/dict?x=1');
    await expect(tabTitles(page)).toHaveText(['Home', 'Dictionaries', 'Dictionaries · x=1']);
  });
});
