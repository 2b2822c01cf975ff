import type { Browser, BrowserContext, Page } from '@playwright/test';
import dayjs from 'dayjs';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';

test.use({ signedIn: true });

const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The same user's session in another browser: another screen or language. */
async function sameUser(browser: Browser, context: BrowserContext, baseURL: string, options: object): Promise<Page> {
  const other = await browser.newContext({ ...options, baseURL, storageState: await context.storageState() });
  return other.newPage();
}

test('background jobs: an export started from the orders runs in the background and is downloaded from the jobs drawer, in English and in Chinese on a phone', async ({
  admin,
  page,
  browser,
  context,
  testServer,
}) => {
  const range = [dayjs().subtract(7, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')];
  const started = await admin.post('api/orders/exports', { createTime: range });
  expect(started.status()).toBe(202);

  await page.goto('/');
  await page.getByRole('button', { name: 'Background jobs' }).click();
  const drawer = page.getByRole('dialog', { name: 'Background jobs' });
  await expect(drawer.getByText('Orders export')).toBeVisible();
  // Polled while under way: it shows done without reopening.
  await expect(drawer.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/background-jobs-en.png` });
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: /^Download/ }).click();
  expect((await download).suggestedFilename()).toMatch(/-orders\.xlsx$/);

  const phone = await sameUser(browser, context, testServer.baseURL, { ...PHONE, locale: 'zh-CN' });
  try {
    await phone.goto('/');
    // The jobs button has its place in the phone's top bar: nothing sideways.
    await expect(phone.getByRole('button', { name: '后台任务' })).toBeVisible();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: `${SCREENSHOTS}/background-jobs-phone-top-bar-zh.png` });
    await phone.getByRole('button', { name: '后台任务' }).click();
    const zhDrawer = phone.getByRole('dialog', { name: '后台任务' });
    await expect(zhDrawer.getByText('订单导出')).toBeVisible();
    await expect(zhDrawer.getByText('已完成', { exact: true })).toBeVisible();
    await expect(zhDrawer.getByRole('button', { name: /^下载/ })).toBeVisible();
    expect(await fitsScreenWidth(phone, zhDrawer)).toBe(true);
    await phone.screenshot({ path: `${SCREENSHOTS}/background-jobs-phone-zh.png` });
  } finally {
    await phone.context().close();
  }
});
