import type { Browser, BrowserContext, Page } from '@playwright/test';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
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

/** What the statement's orders earned the agent, summed from the API (the page must show the same). */
async function earnedByOrders(admin: Api, agentId: number, period: string): Promise<number> {
  const orders = await (await admin.get('api/statements/orders', { agentId, period, size: 100 })).json();
  return orders.content.reduce((sum: number, order: { amount: number }) => sum + order.amount, 0);
}

/** Chooses an agent in the statement page's agent picker. */
async function chooseAgent(page: Page, name: string) {
  const picker = page.getByRole('combobox', { name: /^(Agent|代理商)$/ });
  await picker.click();
  await picker.fill(name);
  await pickOption(page, name);
}

test('statements: a two-level agent’s sales become each level’s commission, as finance and the agent’s manager see it; the ledger balances and refuses to close a day not over', async ({
  admin,
  browser,
  testServer,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const { serialNo, secret, mine, head } = await sellingMachine(admin, suffix, { under: true });
  if (!head) throw new Error('the agent has a head agent');
  const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
  await machine.heartbeat({ tdsIn: 160, tdsOut: 9, tankLevel: 70 });
  // 50 fen a litre: 2.00 and 1.00 kept, 1.00 paid and given back. The seller earns 15 %, its head 20 − 15 = 5 %.
  const kept = await machine.sell({ channel: 'WECHAT', requestedMl: 4000 });
  expect(kept).toMatchObject({ state: 'COMPLETED', paid: 200 });
  const coins = await machine.sell({ channel: 'COIN', requestedMl: 2000 });
  expect(coins).toMatchObject({ state: 'COMPLETED', paid: 100 });
  const failed = await machine.sell({ channel: 'COIN', requestedMl: 2000, outcome: 'FAILED' });
  expect(failed).toMatchObject({ state: 'REFUNDED', paid: 100, refunded: 100 });
  const month = dayjs().format('YYYY-MM');
  expect(await earnedByOrders(admin, mine.id, month)).toBe(30 + 15);
  expect(await earnedByOrders(admin, head.id, month)).toBe(10 + 5);

  const finance = await staffOf(admin, browser, testServer.baseURL, head.deptId, `fin_${suffix}`, { role: 'Finance' });
  const manager = await staffOf(admin, browser, testServer.baseURL, mine.deptId, `mgr_s_${suffix}`, {
    context: PHONE,
  });
  try {
    // Finance: the seller's month, per level, equal to its orders.
    const page = finance.page;
    await page.goto('/finance/statements');
    await chooseAgent(page, `Harbour Agent ${suffix}`);
    const statement = page.getByRole('region', { name: 'Statement' });
    await expect(statement).toContainText(`Statement of Harbour Agent ${suffix}, ${month}`);
    await expect(statement.getByText('Open', { exact: true })).toBeVisible();
    const available = statement.getByRole('region', { name: 'Available balance' });
    await expect(available.getByRole('row', { name: /^Commission \(own sales\)/ })).toContainText('3CN¥0.60');
    await expect(available.getByRole('row', { name: /^Commission reversed \(own sales\)/ })).toContainText('1-CN¥0.15');
    await expect(available.getByRole('row', { name: /^Closing balance/ })).toContainText('CN¥0.45');
    const orders = page.getByRole('region', { name: `Orders paid in ${month}` });
    await expect(orders.getByRole('row', { name: new RegExp(kept.orderNo) })).toContainText('Own sales');
    await expect(orders.getByRole('row', { name: new RegExp(kept.orderNo) })).toContainText('15.00%CN¥0.30');
    await expect(orders.getByRole('row', { name: new RegExp(coins.orderNo) })).toContainText('CN¥0.15');
    await expect(orders.getByRole('row', { name: new RegExp(failed.orderNo) })).toContainText('Refunded');
    await page.screenshot({ path: `${SCREENSHOTS}/statements-en.png`, fullPage: true });

    // The Excel file says the same.
    const downloading = page.waitForEvent('download');
    await statement.getByRole('button', { name: 'Excel' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^\\d{13}-statement-${mine.id}-${month}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const rows = (workbook.worksheets[0]?.getSheetValues() ?? []).map((row) =>
      Array.isArray(row) ? row.slice(1, 4) : [],
    );
    expect(rows).toContainEqual(['Commission (own sales)', 0.6, 3]);
    expect(rows).toContainEqual(['Closing balance', 0.45, '']);

    // The head agent earns the difference of the rates on the same orders, one level below.
    await chooseAgent(page, `Harbour Head ${suffix}`);
    await expect(statement).toContainText(`Statement of Harbour Head ${suffix}, ${month}`);
    await expect(available.getByRole('row', { name: /^Commission \(1 level below\)/ })).toContainText('3CN¥0.20');
    await expect(available.getByRole('row', { name: /^Commission reversed \(1 level below\)/ })).toContainText(
      '-CN¥0.05',
    );
    await expect(available.getByRole('row', { name: /^Closing balance/ })).toContainText('CN¥0.15');
    await expect(orders.getByRole('row', { name: new RegExp(kept.orderNo) })).toContainText('1 level below');
    await expect(orders.getByRole('row', { name: new RegExp(kept.orderNo) })).toContainText('5.00%CN¥0.10');

    // An order's number opens it on the Orders page.
    await orders.getByRole('link', { name: kept.orderNo }).click();
    await expect(page).toHaveURL(new RegExp(`/business/orders#order=${kept.orderNo}$`));
    await expect(page.getByRole('dialog', { name: `Order ${kept.orderNo}` })).toBeVisible();

    // The same in Chinese.
    const zh = await sameUser(browser, finance.context, testServer.baseURL, { locale: 'zh-CN' });
    await zh.goto('/finance/statements');
    await chooseAgent(zh, `Harbour Agent ${suffix}`);
    const zhStatement = zh.getByRole('region', { name: '对账单' });
    await expect(zhStatement.getByRole('row', { name: /^分润（本级销售）/ })).toContainText('¥0.60');
    await expect(zhStatement.getByText('未结账', { exact: true })).toBeVisible();
    await zh.screenshot({ path: `${SCREENSHOTS}/statements-zh.png`, fullPage: true });

    // The agent's manager, on a phone: their agent chosen for them, its figures the same, the head's out of reach.
    const phone = manager.page;
    await phone.goto('/finance/statements');
    const own = phone.getByRole('region', { name: 'Statement' });
    await expect(own).toContainText(`Statement of Harbour Agent ${suffix}, ${month}`);
    await expect(own.getByRole('row', { name: /^Closing balance/ })).toContainText('CN¥0.45');
    await expect(phone.getByRole('group', { name: `Harbour Agent ${suffix}` })).toContainText('CN¥0.45');
    await phone.getByRole('combobox', { name: 'Agent' }).click();
    await expect(phone.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
    await phone.keyboard.press('Escape');
    const phoneOrders = phone.getByRole('table', { name: `Orders paid in ${month}` });
    await expect(phoneOrders.getByRole('row', { name: new RegExp(kept.orderNo) })).toContainText('CN¥0.30');
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: `${SCREENSHOTS}/statements-phone-en.png`, fullPage: true });
    const phoneZh = await sameUser(browser, manager.context, testServer.baseURL, { ...PHONE, locale: 'zh-CN' });
    await phoneZh.goto('/finance/statements');
    // A fresh browser context fetches and starts the whole console again: slow on a loaded machine.
    await expect(phoneZh.getByRole('region', { name: '对账单' })).toContainText(`Harbour Agent ${suffix}`, {
      timeout: 30_000,
    });
    await expect(phoneZh.getByRole('table', { name: `${month} 支付的订单` })).toContainText(kept.orderNo);
    expect(await sidewaysOverflow(phoneZh)).toBeLessThanOrEqual(0);
    await phoneZh.screenshot({ path: `${SCREENSHOTS}/statements-phone-zh.png`, fullPage: true });

    // The ledger, as finance: the books balance; the head's commission is one posting of its three orders.
    await page.goto('/finance/ledger');
    await expect(page.getByText(/^The books balance: every account together sums to CN¥0\.00\./)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/ledger-trial-en.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Postings' }).click();
    const filters = page.getByRole('search').filter({ hasText: 'Days' });
    await filters.getByRole('combobox', { name: 'Kind' }).click();
    await pickOption(page, 'Commission');
    await filters.getByRole('combobox', { name: 'Agent' }).click();
    await filters.getByRole('combobox', { name: 'Agent' }).fill(`Harbour Head ${suffix}`);
    await pickOption(page, `Harbour Head ${suffix}`);
    // The list keeps last week's postings of every kind on screen until the filtered answer comes.
    const filtered = page.waitForResponse((answer) => {
      const url = new URL(answer.url());
      return url.pathname === '/api/ledger/postings' && url.searchParams.get('kind') === 'COMMISSION';
    });
    await filters.getByRole('button', { name: 'Search' }).click();
    await filtered;
    const postings = page.getByRole('region', { name: 'Postings' });
    await expect(postings.getByRole('row', { name: /Commission reversed/ })).toHaveCount(0);
    const posting = postings.getByRole('row', { name: new RegExp(`${head.id}/1`) });
    await expect(posting).toContainText('CN¥0.20');
    await posting.getByRole('button', { name: /expand/i }).click();
    const entries = postings.getByRole('table', { name: 'Entries' });
    await expect(entries.getByRole('row', { name: /^COMMISSION_EXPENSE/ })).toContainText('CN¥0.20—');
    await expect(entries.getByRole('row', { name: new RegExp(`^COMMISSION_PAYABLE:${head.id}`) })).toContainText(
      '—CN¥0.20',
    );
    await page.screenshot({ path: `${SCREENSHOTS}/ledger-postings-en.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Accounts' }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/ledger-accounts-en.png`, fullPage: true });

    // A day not over yet cannot be closed: the dialog says why in the server's words, and nothing closes.
    await page.getByRole('tab', { name: 'Closed periods' }).click();
    await page.getByRole('button', { name: 'Close a period' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close a period' });
    const today = dayjs().format('YYYY-MM-DD');
    const day = dialog.getByRole('textbox', { name: 'Day' });
    await day.click();
    await day.fill(today);
    await day.press('Enter');
    await dialog.getByRole('button', { name: `Close ${today}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'This cannot be undone.' });
    await expect(confirm).toContainText(`Close ${today}? Its postings will never change again`);
    await page.screenshot({ path: `${SCREENSHOTS}/ledger-close-confirm-en.png` });
    await confirm.getByRole('button', { name: `Close ${today}` }).click();
    const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
    await expect(dialog.getByRole('alert')).toContainText(
      `The period ${today} is not over yet: it can be closed from ${tomorrow}`,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/ledger-close-refused-en.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The ledger in Chinese, and on a phone in both languages.
    await zh.goto('/finance/ledger');
    await expect(zh.getByText(/^账簿平衡/)).toBeVisible();
    await zh.screenshot({ path: `${SCREENSHOTS}/ledger-trial-zh.png`, fullPage: true });
    await zh.getByRole('tab', { name: '记账凭证' }).click();
    await expect(zh.getByRole('region', { name: '记账凭证' }).getByRole('row').nth(1)).toBeVisible();
    await zh.screenshot({ path: `${SCREENSHOTS}/ledger-postings-zh.png`, fullPage: true });
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['zh', 'zh-CN'],
    ] as const) {
      const small = await sameUser(browser, finance.context, testServer.baseURL, { ...PHONE, locale });
      await small.goto('/finance/ledger');
      await expect(small.getByRole('region', { name: language === 'en' ? 'Trial balance' : '试算平衡' })).toBeVisible();
      expect(await sidewaysOverflow(small)).toBeLessThanOrEqual(0);
      await small.screenshot({ path: `${SCREENSHOTS}/ledger-trial-phone-${language}.png`, fullPage: true });
      await small.getByRole('tab', { name: language === 'en' ? 'Postings' : '记账凭证' }).click();
      await expect(small.getByRole('table', { name: language === 'en' ? 'Postings' : '记账凭证' })).toBeVisible();
      expect(await sidewaysOverflow(small)).toBeLessThanOrEqual(0);
      await small.screenshot({ path: `${SCREENSHOTS}/ledger-postings-phone-${language}.png`, fullPage: true });
      await small.context().close();
    }
    await zh.context().close();
    await phoneZh.context().close();
  } finally {
    await finance.context.close();
    await manager.context.close();
  }
});
