import type { Locator, Page } from '@playwright/test';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { sellingMachine, staffOf, waterCard } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';
import { PAYMENT_NOTIFY_KEY } from './support/test-server.ts';

test.use({ signedIn: true });

/** Whether a list's column shows in full beside its row actions, with no sideways scrolling. */
async function columnInSight(page: Page, list: string, title: string): Promise<boolean> {
  const table = page.getByRole('region', { name: list });
  const column = await table.getByRole('columnheader', { name: title, exact: true }).boundingBox();
  const actions = await table.getByRole('columnheader', { name: 'Actions', exact: true }).boundingBox();
  return !!column && !!actions && column.x >= 0 && column.x + column.width <= actions.x + 1;
}

/** Every answer of the API a page asked for that was refused (4xx) or failed. */
/**
 * Sees a list's filters as the user does: in the search bar, or on a phone in the drawer its
 * Filters button opens (closed again afterwards).
 */
async function withFilters(page: Page, look: (filters: Locator) => Promise<void>): Promise<void> {
  const search = page.getByRole('search');
  if ((page.viewportSize()?.width ?? 1366) >= 576) return look(search);
  await search.getByRole('button', { name: /^(筛选|Filters)/ }).click();
  const drawer = page.getByRole('dialog', { name: /搜索条件|Search filters/ });
  await look(drawer);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && /\/(api|auth)\//.test(response.url())) {
      refused.push(`${response.status()} ${response.url()}`);
    }
  });
  return refused;
}

test('finance, in Chinese: the home ranking opens a machine’s orders with their totals; an order’s address opens it @phone', async ({
  admin,
  browser,
  testServer,
}) => {
  const suffix = uniqueSuffix();
  const { id: machineId, serialNo, secret, mine, other } = await sellingMachine(admin, suffix);
  const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
  await machine.heartbeat({ tdsIn: 160, tdsOut: 9, tankLevel: 70 });
  const sold = await machine.sell({ channel: 'WECHAT', requestedMl: 5000 });
  const card = await waterCard(admin, mine.id, 10_000);
  const failed = await machine.sell({ channel: 'CARD', requestedMl: 2000, outcome: 'FAILED', card });
  expect(sold).toMatchObject({ state: 'COMPLETED', paid: 250 });
  expect(failed).toMatchObject({ state: 'REFUNDED', paid: 80, refunded: 80 });

  const finance = await staffOf(admin, browser, testServer.baseURL, other.deptId, `fin_${suffix}`, {
    role: 'Finance',
    context: { ...test.info().project.use, locale: 'zh-CN', reducedMotion: 'reduce' },
  });
  const page = finance.page;
  const refused = refusedCalls(page);
  try {
    await page.goto('/dashboard');
    const ranking = page.locator('.ant-card').filter({ hasText: '销售排行' });
    await expect(ranking.getByRole('region', { name: '代理商' })).toContainText(`Harbour Agent ${suffix}`);
    const machines = ranking.getByRole('region', { name: '设备' });
    await expect(machines).toContainText('¥2.50');
    await expect(machines).toContainText('2 单 · 5 升');
    await page.screenshot({ path: shot('home-ranking-zh'), fullPage: true });
    await ranking.getByText('本月', { exact: true }).click();
    await expect(ranking.getByRole('radio', { name: '本月' })).toBeChecked();
    await expect(machines.getByRole('link', { name: `${serialNo} 的订单` })).toBeVisible();
    await machines.getByRole('link', { name: `${serialNo} 的订单` }).click();

    // The machine's orders of the month, the filter naming the machine, their totals beneath.
    await expect(page).toHaveURL(new RegExp(`/business/orders\\?machineId=${machineId}&createTime=`));
    const orders = page.getByRole('region', { name: '订单列表' });
    await expect(orders.getByRole('row', { name: new RegExp(sold.orderNo) })).toBeVisible();
    await expect(orders.getByRole('row', { name: new RegExp(failed.orderNo) })).toBeVisible();
    await withFilters(page, (filters) => expect(filters.getByTitle(serialNo)).toBeVisible());
    const totals = page.getByRole('region', { name: '查询结果合计' });
    await expect(totals).toContainText('订单数2');
    await expect(totals).toContainText('实付¥3.30');
    await expect(totals).toContainText('已退¥0.80');
    await expect(totals).toContainText('净收入¥2.50');
    await page.screenshot({ path: shot('orders-filtered-zh'), fullPage: true });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // An order's detail has an address of its own: shared, it opens the order over the same list.
    const list = page.url();
    await orders.getByRole('button', { name: sold.orderNo, exact: true }).click();
    await expect(page.getByRole('dialog', { name: `订单 ${sold.orderNo}` })).toBeVisible();
    await expect(page).toHaveURL(`${list}#order=${sold.orderNo}`);
    const shared = await finance.context.newPage();
    await shared.goto(`${list}#order=${sold.orderNo}`);
    const detail = shared.getByRole('dialog', { name: `订单 ${sold.orderNo}` });
    await expect(detail).toContainText('支付 ¥2.50');
    await shared.screenshot({ path: shot('order-address-zh') });
    await detail.getByRole('button', { name: /^(关闭|Close)$/ }).click();
    await expect(detail).toBeHidden();
    expect(shared.url()).toBe(list);
    await expect(shared.getByRole('region', { name: '订单列表' })).toContainText(failed.orderNo);
    await shared.close();
    await page
      .getByRole('dialog', { name: `订单 ${sold.orderNo}` })
      .getByRole('button', { name: /^(关闭|Close)$/ })
      .click();
    await expect(page).toHaveURL(list);
    expect(refused).toEqual([]);
  } finally {
    await finance.context.close();
  }
  expect(mine.id).toBeGreaterThan(0);
});

test('the home page’s figures open the lists behind them; the agents list shows today’s sales @phone', async ({
  page,
  admin,
  testServer,
}) => {
  const suffix = uniqueSuffix();
  const { serialNo, secret, mine } = await sellingMachine(admin, suffix);
  const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
  await machine.heartbeat({ tdsIn: 160, tdsOut: 9, tankLevel: 70 });
  await machine.sell({ channel: 'WECHAT', requestedMl: 5000 });
  const refused = refusedCalls(page);

  await page.goto('/dashboard');
  const business = page.getByRole('region', { name: 'Business' });
  await expect(business.getByRole('region', { name: 'Agents' })).toContainText(`Harbour Agent ${suffix}`);
  await page.screenshot({ path: shot('home-figures-en'), fullPage: true });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await business.getByRole('link', { name: /Machines online/ }).click();
  await expect(page).toHaveURL(/\/business\/machines\?lifecycle=OPERATING&online=false$/);
  await withFilters(page, async (filters) => {
    await expect(filters.getByTitle('Operating')).toBeVisible();
    await expect(filters.getByTitle('Offline')).toBeVisible();
  });

  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Business' })
    .getByRole('link', { name: /Net revenue today/ })
    .click();
  await expect(page).toHaveURL(/\/business\/orders\?createTime=(\d{4}-\d\d-\d\d)&createTime=\1$/);
  await expect(page.getByRole('region', { name: 'Totals of the search' })).toContainText('NetCN¥');
  await page.screenshot({ path: shot('orders-today-en'), fullPage: true });

  await page.goto('/business/agents');
  const agents = page.getByRole('region', { name: 'Agents' });
  const row = agents.getByRole('row', { name: new RegExp(`Harbour Agent ${suffix}`) });
  await expect(row).toContainText('CN¥2.50');
  await expect(row).toContainText('1 order · 5 L');
  await page.screenshot({ path: shot('agents-today-en') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // On a desktop screen, today's sales are in sight without scrolling the table sideways.
  const desktop = test.info().project.name === 'desktop';
  if (desktop) expect(await columnInSight(page, 'Agents', 'Net sales today')).toBe(true);
  await page.goto('/business/sites');
  const sites = page.getByRole('region', { name: 'Sites' });
  await expect(sites.getByRole('row', { name: new RegExp(`East Gate ${suffix}`) })).toContainText('CN¥2.50');
  await page.screenshot({ path: shot('sites-today-en') });
  if (desktop) expect(await columnInSight(page, 'Sites', 'Net sales today')).toBe(true);
  expect(refused).toEqual([]);
  expect(mine.id).toBeGreaterThan(0);
});
