import type { Locator, Page } from '@playwright/test';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { sellingMachine, staffOf } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { PAYMENT_NOTIFY_KEY } from './support/test-server.ts';

test.use({ signedIn: true });

/** A confirmation the console asks before money moves, by its question. */
const question = (page: Page, text: string) =>
  page
    .getByRole('dialog')
    .filter({ hasText: text })
    .filter({ has: page.locator('.ant-modal-confirm-body') });

/** The page's own width holds the element, and nothing scrolls sideways. */
async function fits(page: Page, element: Locator) {
  expect(await fitsScreenWidth(page, element)).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

test('withdrawals: an agent earns commission from real sales, its manager withdraws part of it, finance approves and pays it out, in English and Chinese @phone', async ({
  admin,
  page,
  browser,
  testServer,
  viewport,
  isMobile,
}) => {
  test.setTimeout(150_000);
  const suffix = uniqueSuffix();
  const { serialNo, secret, mine } = await sellingMachine(admin, suffix);
  // The agent's settlement account, where its withdrawals go.
  const [agent] = (await (await admin.get('api/agents', { blurry: `SA-${suffix}` })).json()).content;
  const account = `ICBC 6222 0200 ${suffix.slice(-4)}`;
  const updated = await admin.put('api/agents', {
    id: agent.id,
    name: agent.name,
    level: agent.level,
    contactName: agent.contactName,
    contactPhone: agent.contactPhone,
    commissionRate: agent.commissionRate,
    machineQuota: agent.machineQuota,
    settlementAccount: account,
  });
  expect(updated.status(), await updated.text()).toBe(204);
  // The administrator sets a withdrawal's terms on the Global settings page: at least CN¥5.00, a
  // fee of CN¥0.50 plus 1 % (the settings are put back afterwards).
  const before = await (await admin.get('api/global/setting')).json();
  await openConsole(page, '/sys-tools/settings');
  await page.getByLabel('Least amount of a withdrawal (yuan)').fill('5');
  await page.getByLabel('Fixed fee per withdrawal (yuan)').fill('0.5');
  await page.getByLabel('Fee, percent of the amount').fill('1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved; every open console shows them now.')).toBeVisible();
  await page.getByText('Withdrawals', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('withdrawals-terms-en') });
  const stored = await (await admin.get('api/global/setting')).json();
  expect(stored).toMatchObject({ withdrawalMinimum: 500, withdrawalFeeFixed: 50 });
  expect(Number(stored.withdrawalFeePercent)).toBe(1);

  // Four sales of 50 litres at CN¥0.50 a litre: CN¥100.00 paid, 20 % of it the agent's.
  const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
  for (let sale = 0; sale < 4; sale++) {
    expect(await machine.sell({ channel: 'WECHAT', requestedMl: 50_000 })).toMatchObject({ state: 'COMPLETED' });
  }

  const screen = { viewport, isMobile, hasTouch: isMobile };
  const manager = await staffOf(admin, browser, testServer.baseURL, mine.deptId, `wd_mgr_${suffix}`, {
    context: { ...screen, locale: 'en-US' },
  });
  const finance = await staffOf(admin, browser, testServer.baseURL, mine.deptId, `wd_fin_${suffix}`, {
    role: 'Finance',
    context: { ...screen, locale: 'zh-CN' },
  });
  let withdrawalNo = '';
  try {
    // The agent's manager sees the balance the sales earned and asks for CN¥12.34 of it.
    const staff = manager.page;
    await staff.goto('/finance/withdrawals');
    const balance = staff.getByRole('group', { name: `Balance of ${agent.name}` });
    await expect(balance).toContainText('AvailableCN¥20.00');
    await expect(balance).toContainText(account);
    await fits(staff, balance);
    await staff.screenshot({ path: shot('withdrawals-balance-en') });
    await balance.getByRole('button', { name: 'Request a withdrawal' }).click();
    const form = staff.getByRole('dialog', { name: `Withdraw from ${agent.name}` });
    await expect(form).toContainText('At least CN¥5.00 per withdrawal.');
    await expect(form).toContainText('Fee: CN¥0.50 + 1%.');
    await form.getByLabel('Amount (yuan)').fill('12.34');
    // 1 % of CN¥12.34 is 12 fen; with the fixed 50 fen, CN¥0.62; CN¥11.72 reaches the account.
    await expect(form).toContainText('CN¥0.62');
    await expect(form).toContainText('CN¥11.72');
    await fits(staff, form);
    await staff.screenshot({ path: shot('withdrawals-request-en') });
    await form.getByRole('button', { name: 'Request a withdrawal' }).click();
    const asked = question(staff, `Withdraw CN¥12.34 from ${agent.name}?`);
    await expect(asked).toContainText(`CN¥11.72 reaches ${account} after a fee of CN¥0.62`);
    await asked.getByRole('button', { name: 'Request a withdrawal' }).click();
    await expect(form).toBeHidden();
    await expect(balance).toContainText('AvailableCN¥7.66');
    await expect(balance).toContainText('In transitCN¥12.34');
    const list = staff.getByRole('region', { name: 'Withdrawals' });
    const row = list.getByRole('row').filter({ hasText: 'Awaiting review' });
    await expect(row).toContainText('CN¥12.34');
    withdrawalNo = (await row.getByRole('button', { name: /^W\d{14}$/ }).innerText()).trim();
    // Nobody reviews their own request: the manager has no review button at all.
    await expect(row.getByRole('button', { name: `Review ${withdrawalNo}` })).toHaveCount(0);
    await fits(staff, list);
    await staff.screenshot({ path: shot('withdrawals-requested-en') });

    // Finance, in Chinese: the request heads the queue; approved, then paid out with the transfer's reference.
    const desk = finance.page;
    await desk.goto('/finance/withdrawals');
    const queue = desk.getByRole('region', { name: '提现列表' });
    const waiting = queue.getByRole('row').filter({ hasText: withdrawalNo });
    await expect(waiting).toContainText('待审核');
    await expect(waiting).toContainText('¥12.34');
    await fits(desk, queue);
    await desk.screenshot({ path: shot('withdrawals-queue-zh') });
    await waiting.getByRole('button', { name: `审核 ${withdrawalNo}` }).click();
    const review = desk.getByRole('dialog', { name: `审核提现单 ${withdrawalNo}` });
    await expect(review).toContainText(account);
    await fits(desk, review);
    await desk.screenshot({ path: shot('withdrawals-review-zh') });
    await review.getByRole('button', { name: '审核', exact: true }).click();
    const approve = question(desk, `通过提现单 ${withdrawalNo}`);
    await approve.getByRole('button', { name: '通过' }).click();
    await expect(review).toBeHidden();
    await expect(waiting).toContainText('待打款');

    await waiting.getByRole('button', { name: `打款 ${withdrawalNo}` }).click();
    const payout = desk.getByRole('dialog', { name: `提现单 ${withdrawalNo} 打款` });
    await expect(payout).toContainText('¥11.72');
    await payout.getByLabel('转账流水号').fill(`BOC${suffix}`);
    await fits(desk, payout);
    await desk.screenshot({ path: shot('withdrawals-payout-zh') });
    await payout.getByRole('button', { name: '打款', exact: true }).click();
    const pay = question(desk, `确认已向 ${account} 打款 ¥11.72？`);
    await expect(pay).toContainText(`流水号 BOC${suffix}`);
    await desk.screenshot({ path: shot('withdrawals-confirm-pay-zh') });
    await pay.getByRole('button', { name: '打款' }).click();
    await expect(payout).toBeHidden();
    await expect(waiting).toContainText('已打款');

    // The timeline: who asked, who approved, who paid, and when.
    await waiting.getByRole('button', { name: withdrawalNo, exact: true }).click();
    const detail = desk.getByRole('dialog', { name: `提现单 ${withdrawalNo}` });
    await expect(detail).toContainText(`申请提现 · wd_mgr_${suffix}`);
    await expect(detail).toContainText(`审核通过 · wd_fin_${suffix}`);
    await expect(detail).toContainText(`已打款 · wd_fin_${suffix}`);
    await expect(detail).toContainText(`转账流水号 BOC${suffix}`);
    await fits(desk, detail);
    await desk.screenshot({ path: shot('withdrawals-detail-zh') });

    // Back with the manager: paid, and counted as paid out.
    await staff.reload();
    await expect(list.getByRole('row').filter({ hasText: withdrawalNo })).toContainText('Paid');
    await expect(balance).toContainText('Paid out so farCN¥11.72');
    await expect(balance).toContainText('In transitCN¥0.00');
    await staff.screenshot({ path: shot('withdrawals-paid-en') });
  } finally {
    await manager.context.close();
    await finance.context.close();
    await admin.put('api/global/setting', before);
  }
});
