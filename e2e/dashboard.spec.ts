import { signInAs, uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { tabBar } from './support/shell.ts';
import { fillSignIn, openConsole, shot } from './support/sign-in.ts';
import { idOf } from './support/system-pages.ts';

interface Stats {
  users: number;
  onlineUsers: number;
  menus: number;
  dicts: number;
  signIns: { date: string; count: number }[];
}

test.describe('home page', () => {
  test.use({ signedIn: true });

  test('shows the counts from the server and the sign-ins of the last 7 days', { tag: '@phone' }, async ({ page }) => {
    const statsAnswer = page.waitForResponse((response) => response.url().endsWith('/api/dashboard/stats'));
    await openConsole(page);
    const stats = (await (await statsAnswer).json()) as Stats;
    const overview = page.getByRole('region', { name: 'Overview' });
    for (const [title, value] of [
      ['Users', stats.users],
      ['Online users', stats.onlineUsers],
      ['Menus', stats.menus],
      ['Dictionaries', stats.dicts],
    ] as const) {
      await expect(overview.getByText(title, { exact: true })).toBeVisible();
      await expect(overview.getByText(String(value), { exact: true }).first()).toBeVisible();
    }
    expect(stats.signIns).toHaveLength(7);
    const chart = page.getByRole('img', { name: 'Sign-ins in the last 7 days' });
    await expect(chart).toBeVisible();
    // A phone's narrow chart labels every other day only (the chart skips labels that would overlap).
    const labelled =
      test.info().project.name === 'phone' ? stats.signIns.filter((_, index) => index % 2 === 0) : stats.signIns;
    for (const day of labelled) await expect(chart.getByText(day.date.slice(5), { exact: true })).toBeVisible();
    // The figures are also there as a table for screen readers.
    const table = page.getByRole('table', { name: 'Sign-ins by day' });
    await expect(table.getByRole('row')).toHaveCount(8);
    const today = stats.signIns.at(-1);
    await expect(table.getByRole('row').last()).toHaveText(`${today?.date}${today?.count}`);
    // This session's sign-in is among the week's (yesterday's, when it was made just before midnight).
    expect(stats.signIns.reduce((sum, day) => sum + day.count, 0)).toBeGreaterThanOrEqual(1);
    await expect(page.getByText('Recent operations')).toBeVisible();
    await page.screenshot({ path: shot('shell-en-desktop') });
  });
});

test('a user sees only the figures it may list', async ({ page, admin, seed }) => {
  const dictionaries = await idOf(admin, 'api/menus', { blurry: 'Dictionaries' }, 'title', 'Dictionaries');
  const suffix = uniqueSuffix();
  const password = 'Figures-pass-1';
  await seed.user(`figures-${suffix}`, password, [await seed.role(`Figures ${suffix}`, [dictionaries])]);
  await signInAs(page, `figures-${suffix}`, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByText('Dictionaries', { exact: true })).toBeVisible();
  // As many as the server lists.
  const { totalElements } = (await (await admin.get('api/dict', { page: 0, size: 1 })).json()) as {
    totalElements: number;
  };
  await expect(overview.getByText(String(totalElements), { exact: true })).toBeVisible();
  for (const hidden of ['Users', 'Online users', 'Menus']) {
    await expect(overview.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('img', { name: 'Sign-ins in the last 7 days' })).toHaveCount(0);
  await expect(page.getByText('Recent operations')).toHaveCount(0);
});

test('the charting code is fetched only when the home page shows', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/system/job');
  await page.getByLabel('Username', { exact: true }).waitFor();
  await fillSignIn(page);
  await expect(page).toHaveURL(/\/system\/job$/);
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
  expect(scripts.filter((script) => script.includes('echarts'))).toEqual([]);

  await tabBar(page).getByText('Home', { exact: true }).click();
  await expect(page.getByRole('img', { name: 'Sign-ins in the last 7 days' }).locator('svg')).toBeVisible();
  expect(scripts.filter((script) => script.includes('echarts'))).toHaveLength(1);

  // Back and forth between the tabs: the chart is drawn again, and the code is not fetched twice.
  await tabBar(page).getByText('Jobs', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/job$/);
  await tabBar(page).getByText('Home', { exact: true }).click();
  const chart = page.getByRole('img', { name: 'Sign-ins in the last 7 days' });
  await expect(chart.locator('svg')).toBeVisible();
  await expect(chart.locator('svg text').first()).toBeVisible();
  expect(scripts.filter((script) => script.includes('echarts'))).toHaveLength(1);
});

test.describe('home page in Chinese', () => {
  test.use({ locale: 'zh-CN', signedIn: true });

  test('speaks Chinese', async ({ page }) => {
    await openConsole(page, '/dashboard', 'zh-CN');
    const overview = page.getByRole('region', { name: '概览' });
    for (const title of ['用户', '在线用户', '菜单', '字典']) {
      await expect(overview.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: '近 7 天登录次数' })).toBeVisible();
    await page.screenshot({ path: shot('shell-zh-desktop') });
  });
});
