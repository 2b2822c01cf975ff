import type { Browser, BrowserContext, Page } from '@playwright/test';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { sellingMachine, staffOf } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { pickOption } from './support/system-pages.ts';
import { PAYMENT_NOTIFY_KEY } from './support/test-server.ts';

test.use({ signedIn: true });

const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The same user's session in another browser: another screen or language. */
async function sameUser(browser: Browser, context: BrowserContext, baseURL: string, options: object): Promise<Page> {
  const other = await browser.newContext({ ...options, baseURL, storageState: await context.storageState() });
  return other.newPage();
}

/** The figures table's row of a group. */
const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: /^(Figures|数据)$/ }).getByRole('row', { name: new RegExp(name) });

test('reports: the admin sees an agent’s sales as figures and charts, has an Excel file made and downloads it from the jobs drawer, schedules a report; the agent’s manager sees only their agent; in Chinese and on a phone', async ({
  admin,
  page,
  browser,
  context,
  testServer,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const { serialNo, secret, mine } = await sellingMachine(admin, suffix);
  const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
  await machine.heartbeat({ tdsIn: 160, tdsOut: 9, tankLevel: 70 });
  // 50 fen a litre: 2.00 and 1.00.
  expect(await machine.sell({ channel: 'WECHAT', requestedMl: 4000 })).toMatchObject({ state: 'COMPLETED', paid: 200 });
  expect(await machine.sell({ channel: 'COIN', requestedMl: 2000 })).toMatchObject({ state: 'COMPLETED', paid: 100 });
  const agentName = `Harbour Agent ${suffix}`;
  // Another agent's sale: the admin sees it, the first agent's manager does not.
  const otherSuffix = `${suffix.slice(0, 4)}x`;
  const rival = await sellingMachine(admin, otherSuffix);
  const rivalMachine = new VirtualMachine(
    testServer.baseURL,
    { serialNo: rival.serialNo, secret: rival.secret },
    PAYMENT_NOTIFY_KEY,
  );
  await rivalMachine.heartbeat({ tdsIn: 160, tdsOut: 9, tankLevel: 70 });
  expect(await rivalMachine.sell({ channel: 'COIN', requestedMl: 2000 })).toMatchObject({ state: 'COMPLETED' });
  const rivalName = `Harbour Agent ${otherSuffix}`;

  await page.goto('/finance/reports');
  const row = rowOf(page, agentName);
  await expect(row).toBeVisible();
  // Revenue 3.00 (and net), 2 orders, 6 litres.
  await expect(row.getByRole('cell', { name: '3.00' }).first()).toBeVisible();
  await expect(row.getByRole('cell', { name: '6.00', exact: true })).toBeVisible();
  await expect(rowOf(page, rivalName)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue and orders over time' }).locator('svg')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue by Agent, top 10' }).locator('svg')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/reports-en.png`, fullPage: true });

  // The agent filter narrows it to one agent.
  const agent = page.getByRole('combobox', { name: 'Agent' });
  await agent.click();
  await agent.fill(agentName);
  await pickOption(page, agentName);
  await expect(rowOf(page, rivalName)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Figures' }).getByRole('row')).toHaveCount(3); // header, agent, totals

  // An Excel file, made in the background, downloaded from the jobs drawer.
  await page.getByRole('button', { name: 'Excel' }).click();
  const drawer = page.getByRole('dialog', { name: 'Background jobs' });
  await expect(drawer.getByText('Report file').first()).toBeVisible();
  await expect(drawer.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await drawer
    .getByRole('button', { name: /^Download/ })
    .first()
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // A scheduled report, opened and sent with the keyboard.
  await page.getByRole('button', { name: 'Schedule a report' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Schedule a report' });
  await dialog.getByLabel('Recipients').fill(`boss-${suffix}@example.com, finance-${suffix}@example.com`);
  await dialog.getByLabel('Name').fill(`Daily ${suffix}`);
  await dialog.getByLabel('Name').press('Enter');
  await expect(dialog).toBeHidden();
  const schedules = page.getByRole('table', { name: 'Scheduled reports' });
  await expect(schedules.getByRole('row', { name: new RegExp(`Daily ${suffix}`) })).toContainText(
    `boss-${suffix}@example.com, finance-${suffix}@example.com`,
  );
  await expect(schedules.getByRole('switch', { name: `Send “Daily ${suffix}”` })).toBeChecked();
  await page.screenshot({ path: `${SCREENSHOTS}/reports-schedules-en.png`, fullPage: true });

  const zh = await sameUser(browser, context, testServer.baseURL, { locale: 'zh-CN' });
  try {
    await zh.goto('/finance/reports');
    // A new browser context starts the console afresh: its first report may take a while on a busy machine.
    await expect(rowOf(zh, agentName)).toBeVisible({ timeout: 30_000 });
    await expect(zh.getByRole('img', { name: '收入与订单趋势' }).locator('svg')).toBeVisible();
    await expect(zh.getByRole('button', { name: /新增定时报表/ })).toBeVisible();
    await zh.screenshot({ path: `${SCREENSHOTS}/reports-zh.png`, fullPage: true });
  } finally {
    await zh.context().close();
  }

  const phone = await sameUser(browser, context, testServer.baseURL, { ...PHONE, locale: 'zh-CN' });
  try {
    await phone.goto('/finance/reports');
    await expect(rowOf(phone, agentName)).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByRole('img', { name: '收入与订单趋势' }).locator('svg')).toBeVisible();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: `${SCREENSHOTS}/reports-phone-zh.png`, fullPage: true });
  } finally {
    await phone.context().close();
  }

  // The agent's manager: their agent's figures only, and no agent filter to choose another.
  const manager = await staffOf(admin, browser, testServer.baseURL, mine.deptId, `rep_${suffix}`, {
    context: PHONE,
  });
  try {
    await manager.page.goto('/finance/reports');
    // A new browser context starts the console afresh: its first page may take a while on a busy machine.
    await expect(rowOf(manager.page, agentName)).toBeVisible({ timeout: 30_000 });
    await expect(manager.page.getByRole('table', { name: 'Figures' }).getByRole('row')).toHaveCount(3);
    await expect(rowOf(manager.page, rivalName)).toHaveCount(0);
    await expect(manager.page.getByRole('combobox', { name: 'Agent' })).toHaveCount(0);
    expect(await sidewaysOverflow(manager.page)).toBeLessThanOrEqual(0);
    await manager.page.screenshot({ path: `${SCREENSHOTS}/reports-phone-agent-manager-en.png`, fullPage: true });
  } finally {
    await manager.context.close();
  }
});
