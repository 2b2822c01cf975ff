import { expect, type Page, test } from '@playwright/test';
import type { MenuRoute } from '@water/contract/menus';
import { uniqueSuffix } from './support/accounts.ts';
import { withExtraMenus } from './support/menus.ts';
import { openFromSidebar, tabBar, tabMenu } from './support/shell.ts';
import { shot, signIn } from './support/sign-in.ts';
import { adminApi, removeNamed } from './support/system-pages.ts';

const note = (page: Page) => page.getByRole('textbox', { name: 'Scratch note' });
const rows = (page: Page) => page.getByRole('list', { name: 'Sample rows' });
const tab = (page: Page, title: string) => tabBar(page).getByRole('link', { name: title, exact: true });
const tabTitles = (page: Page) => tabBar(page).getByRole('link');
const open = (page: Page, title: string) => openFromSidebar(page, 'Workbench', title);

test.describe('tabs', () => {
  test.beforeEach(async ({ page }) => {
    await withExtraMenus(page);
    await signIn(page);
  });

  test('a cached page keeps its input and scroll; an uncached one starts afresh', { tag: '@phone' }, async ({
    page,
  }) => {
    await open(page, 'Kept draft');
    await note(page).fill('kept while away');
    await rows(page).evaluate((list) => {
      list.scrollTop = 400;
    });
    await open(page, 'Plain draft');
    await expect(page.getByRole('heading', { name: 'Plain draft' })).toBeVisible();
    await expect(note(page)).toHaveValue('');
    await note(page).fill('lost when left');

    await tab(page, 'Kept draft').click();
    await expect(page).toHaveURL(/\/workbench\/kept$/);
    await expect(note(page)).toHaveValue('kept while away');
    await expect.poll(() => rows(page).evaluate((list) => list.scrollTop)).toBe(400);

    await tab(page, 'Plain draft').click();
    await expect(page.getByRole('heading', { name: 'Plain draft' })).toBeVisible();
    await expect(note(page)).toHaveValue('');
    await expect(tabTitles(page)).toHaveText(['Home', 'Kept draft', 'Plain draft']);
  });

  test('the context menu is 105 px wide and refreshes, closes, closes others and closes all', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, 'Kept draft');
    await note(page).fill('before refresh');
    await open(page, 'Plain draft');
    await open(page, 'Third draft');
    await expect(tabTitles(page)).toHaveText(['Home', 'Kept draft', 'Plain draft', 'Third draft']);

    await tab(page, 'Kept draft').click({ button: 'right' });
    const menu = tabMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['Refresh', 'Close', 'Close others', 'Close all']);
    await expect.poll(async () => Math.round((await menu.boundingBox())?.width ?? 0)).toBe(105);
    await page.screenshot({ path: shot('tabs-context-menu-en-desktop') });

    // Refresh remounts the page, even a cached one.
    await menu.getByRole('menuitem', { name: 'Refresh' }).click();
    await expect(page).toHaveURL(/\/workbench\/kept$/);
    await expect(note(page)).toHaveValue('');

    await tab(page, 'Plain draft').click({ button: 'right' });
    await tabMenu(page).getByRole('menuitem', { name: 'Close', exact: true }).click();
    await expect(tabTitles(page)).toHaveText(['Home', 'Kept draft', 'Third draft']);
    await expect(page).toHaveURL(/\/workbench\/kept$/);

    await tab(page, 'Third draft').click({ button: 'right' });
    await tabMenu(page).getByRole('menuitem', { name: 'Close others' }).click();
    await expect(tabTitles(page)).toHaveText(['Home', 'Third draft']);
    await expect(page).toHaveURL(/\/workbench\/third$/);

    await tab(page, 'Third draft').click({ button: 'right' });
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
    await open(page, 'Plain draft');
    await page.goto('/workbench/kept');
    await expect(tabTitles(page)).toHaveText(['Home', 'Plain draft', 'Kept draft']);
    await page.goto('/workbench/kept?page=2');
    await expect(tabTitles(page)).toHaveText(['Home', 'Plain draft', 'Kept draft', 'Kept draft']);
    await page.goto('/workbench/kept');
    await expect(tabTitles(page)).toHaveText(['Home', 'Plain draft', 'Kept draft', 'Kept draft']);

    await tabBar(page).getByRole('button', { name: 'Close Kept draft' }).first().click();
    await expect(page).toHaveURL(/\/workbench\/kept\?page=2$/);
    await tabBar(page).getByRole('button', { name: 'Close Kept draft' }).click();
    await expect(page).toHaveURL(/\/workbench\/plain$/);
    await expect(tabTitles(page)).toHaveText(['Home', 'Plain draft']);
  });

  test('open tabs survive a reload, and the tab list keeps 4 px scroll padding', { tag: '@phone' }, async ({
    page,
  }) => {
    await open(page, 'Kept draft');
    await openFromSidebar(page, 'Monitor', 'Server');
    await page.reload();
    await expect(tabTitles(page)).toHaveText(['Home', 'Kept draft', 'Server']);
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

/** The jobs page once more, under a menu that keeps its state. */
const KEPT_JOBS: MenuRoute = {
  path: '/kept-lists',
  name: 'KeptLists',
  hidden: false,
  component: 'Layout',
  alwaysShow: true,
  redirect: 'noredirect',
  meta: { title: 'Kept lists', icon: 'tools', noCache: true },
  children: [
    {
      path: 'jobs',
      name: 'KeptJobs',
      hidden: false,
      component: 'system/job/index',
      meta: { title: 'Kept jobs', icon: 'edit', noCache: false },
    },
  ],
};

test('a kept list keeps its filter and its table page while another tab shows', async ({ page, request }) => {
  const api = await adminApi(request);
  const prefix = `Kept ${uniqueSuffix()}`;
  const names = Array.from({ length: 12 }, (_, index) => `${prefix} ${String(index + 1).padStart(2, '0')}`);
  for (const [index, jobName] of names.entries()) {
    expect((await api.post('api/job', { name: jobName, jobSort: index + 1 })).status()).toBe(201);
  }
  try {
    await withExtraMenus(page, [KEPT_JOBS]);
    await signIn(page);
    await page.goto('/kept-lists/jobs');
    const jobs = page.getByRole('region', { name: 'Jobs' });
    const name = page.getByRole('search', { name: 'Search filters' }).getByLabel('Name');
    await name.fill(prefix);
    await name.press('Enter');
    await expect(jobs.getByText('12 in total')).toBeVisible();
    await jobs.getByTitle('2', { exact: true }).click();
    await expect(jobs.getByRole('row')).toHaveCount(3);
    await expect(jobs.getByRole('row').nth(1)).toContainText(`${prefix} 11`);

    await tab(page, 'Home').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await tab(page, 'Kept jobs').click();
    await expect(page).toHaveURL(/\/kept-lists\/jobs$/);
    await expect(name).toHaveValue(prefix);
    await expect(jobs.locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(jobs.getByRole('row').nth(1)).toContainText(`${prefix} 11`);
  } finally {
    await removeNamed(api, { jobs: names });
  }
});
