import { expect, test } from './support/fixtures.ts';
import { openConsole, shot } from './support/sign-in.ts';

// Signing in is not the point here: the administrator's console opens with the worker's session.
test.use({ signedIn: true });

test('the server page reads the figures again every few seconds and draws each reading', async ({ page }) => {
  await openConsole(page, '/monitor/server');
  const updated = page.getByText(/^Updated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(updated).toBeVisible();
  const first = (await updated.textContent()) ?? '';
  for (const gauge of ['CPU', 'Memory', 'Swap', 'Disk']) {
    await expect(page.getByRole('progressbar', { name: gauge })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Database' }).getByText('PostgreSQL (embedded)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Server process' }).getByText(/^v\d+\./)).toBeVisible();

  // A new reading arrives without any click, and the chart gains its point.
  await expect(updated).not.toHaveText(first, { timeout: 10_000 });
  const latest = ((await updated.textContent()) ?? '').match(/\d{2}:\d{2}:\d{2}/)?.[0] ?? '';
  const chart = page.getByRole('img', { name: 'CPU and memory use, last 5 minutes' });
  await expect(chart.getByText(latest, { exact: true })).toBeVisible();
  await expect(chart.getByText(first.match(/\d{2}:\d{2}:\d{2}/)?.[0] ?? '', { exact: true })).toBeVisible();
  await page.screenshot({ path: shot('monitor-server-en'), fullPage: true });
});

test('the SQL page lists the statements the server ran, finds and sorts them, and starts afresh', {
  tag: '@phone',
}, async ({ page, admin }) => {
  expect((await admin.delete('api/monitor/sql')).status()).toBe(200);
  for (let run = 0; run < 3; run++) expect((await admin.get('api/job', { page: 0, size: 10 })).status()).toBe(200);

  // eladmin-web's SQL page frames /druid/index.html: a page that opens this one in a new tab.
  await page.goto('/druid/index.html');
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: '在控制台中打开 · Open it in the console' }).click();
  const sqlPage = await opened;
  await expect(sqlPage).toHaveURL(/\/monitor\/sql$/);
  await sqlPage.close();
  await page.goto('/monitor/sql');
  const list = page.getByRole('region', { name: 'SQL statements' });
  // The console's first start in this browser: on a busy machine it takes longer than a click.
  await expect(list.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });

  const filters = page.getByRole('search', { name: 'Search filters' });
  await filters.getByLabel('Statement').fill('from "sys_job"');
  await filters.getByLabel('Statement').press('Enter');
  const rows = list.getByRole('row').filter({ hasText: 'sys_job' });
  await expect(rows.first()).toBeVisible();
  // The jobs page and its count ran three times each.
  for (const row of await rows.all()) await expect(row.getByRole('cell').nth(1)).toHaveText('3');

  // Sorted by the number of rows, most first: the page of the seeded jobs before the count.
  await list.getByRole('columnheader', { name: 'Rows' }).click();
  await list.getByRole('columnheader', { name: 'Rows' }).click();
  await expect(list.getByRole('columnheader', { name: 'Rows' })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first().getByRole('cell').nth(5)).toHaveText('12');
  await page.screenshot({ path: shot('monitor-sql-en'), fullPage: true });

  await page.getByRole('button', { name: 'Start afresh' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start the SQL figures afresh?' });
  await dialog.getByRole('button', { name: 'Start afresh' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The SQL figures start afresh')).toBeVisible();
  await expect(list.getByText('Nothing matches the search')).toBeVisible();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the monitor pages read well', { tag: '@phone' }, async ({ page, admin }) => {
    await admin.get('api/dict', { page: 0, size: 10 });
    await openConsole(page, '/monitor/server', 'zh-CN');
    await expect(page.getByRole('progressbar', { name: '内存' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'CPU 与内存使用率（最近 5 分钟）' })).toBeVisible();
    await page.screenshot({ path: shot('monitor-server-zh'), fullPage: true });

    await page.goto('/monitor/sql');
    const list = page.getByRole('region', { name: 'SQL 语句' });
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    await expect(list.getByRole('columnheader', { name: '执行次数' })).toBeVisible();
    await page.screenshot({ path: shot('monitor-sql-zh'), fullPage: true });
  });
});
