import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { sellingMachine, staffOf } from './support/business.ts';
import { beating } from './support/field.ts';
import { expect, signedInState, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';

/** A consumer's phone: no staff session, a 390 px screen, Chinese. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };

/** Both channels played by the built-in sandbox, as a demonstration installation has them. */
async function sandboxChannels(admin: Api) {
  const saved = await admin.put('api/payments/channels', {
    WECHAT: { driver: 'SANDBOX' },
    ALIPAY: { driver: 'SANDBOX' },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
}

/** A selling machine (WeChat 0.50 a litre, its agent earning 20 %), beating, which fills in about a second a litre. */
async function machineAtHand(admin: Api, baseURL: string) {
  const suffix = uniqueSuffix();
  const machine = await sellingMachine(admin, suffix);
  const device = new VirtualMachine(baseURL, { serialNo: machine.serialNo, secret: machine.secret });
  device.msPerLitre = 400;
  const heart = beating(device, { tdsIn: 160, tdsOut: 9, tankLevel: 70 }, 1_000);
  const { stickerCode } = await (await admin.get(`api/machines/${machine.id}`)).json();
  return { ...machine, code: stickerCode as string, heart };
}

test('a consumer buys 1.5 L on a phone: paid in the sandbox, dispensed by the machine, done on the page, and counted in the console', async ({
  admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await sandboxChannels(admin);
  const machine = await machineAtHand(admin, baseURL as string);
  const context = await browser.newContext({ ...PHONE, baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`/m/${machine.code}`);
    const buy = page.locator('section').filter({ has: page.getByRole('heading', { name: '购买饮用水' }) });
    await buy.getByRole('radio', { name: '1.5 升' }).check();
    await buy.getByRole('radio', { name: '微信支付' }).check();
    // 1.5 L at 0.50 a litre.
    await expect(buy.getByRole('button', { name: '支付 ¥0.75' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('consumer-buy-zh-phone'), fullPage: true });
    await buy.getByRole('button', { name: '支付 ¥0.75' }).click();

    // The channel's page (the sandbox), then back to the machine's page, which follows the order.
    await expect(page.getByText('沙箱：不会产生真实扣款')).toBeVisible();
    await page.screenshot({ path: shot('consumer-sandbox-zh-phone'), fullPage: true });
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(new RegExp(`/m/${machine.code}\\?order=\\d+`));
    const orderNo = new URL(page.url()).searchParams.get('order') as string;
    await expect(page.getByText('已完成，请取水')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('已出水 1500 毫升')).toBeVisible();
    await page.screenshot({ path: shot('consumer-done-zh-phone'), fullPage: true });

    // The console, as the machine's agent's manager: the order with its amounts and the agent's
    // commission, and the home page's figures of that agent alone.
    const { context: staff, page: consolePage } = await staffOf(
      admin,
      browser,
      baseURL as string,
      machine.mine.deptId,
      `mgr_p_${machine.code.toLowerCase()}`,
    );
    try {
      await consolePage.goto('/business/orders');
      await consolePage.getByPlaceholder('Order or machine number').fill(orderNo);
      await consolePage.getByRole('button', { name: 'Search' }).click();
      const row = consolePage.getByRole('region', { name: 'Orders' }).getByRole('row', { name: new RegExp(orderNo) });
      await expect(row).toContainText('Completed');
      await expect(row).toContainText('WeChat Pay');
      await expect(row).toContainText('CN¥0.75');
      await row.getByRole('button', { name: orderNo, exact: true }).click();
      const drawer = consolePage.getByRole('dialog', { name: `Order ${orderNo}` });
      await expect(drawer).toContainText('Paid CN¥0.75');
      // 20 % of 0.75 is 0.15 for the machine's agent.
      await expect(drawer).toContainText('CN¥0.15');
      await consolePage.screenshot({ path: shot('consumer-order-in-console-en') });
      const order = await (await admin.get(`api/orders/${orderNo}`)).json();
      expect(order).toMatchObject({ state: 'COMPLETED', payable: 75, paid: 75, dispensedMl: 1500, refunded: 0 });
      await consolePage.goto('/dashboard');
      const business = consolePage.getByRole('region', { name: 'Business' });
      await expect(business).toContainText('Net revenue today');
      await expect(business.locator('.ant-statistic').first()).toContainText('CN¥0.75');
    } finally {
      await staff.close();
    }
  } finally {
    await machine.heart.stop();
    await context.close();
  }
});

test('a consumer whose money the machine took reports it on the phone; the console shows the alarm with the order', async ({
  admin,
  browser,
  baseURL,
  adminToken,
}) => {
  test.setTimeout(120_000);
  await sandboxChannels(admin);
  const machine = await machineAtHand(admin, baseURL as string);
  const context = await browser.newContext({ ...PHONE, baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`/m/${machine.code}`);
    const buy = page.locator('section').filter({ has: page.getByRole('heading', { name: '购买饮用水' }) });
    await buy.getByRole('radio', { name: '1.5 升' }).check();
    await buy.getByRole('radio', { name: '微信支付' }).check();
    await buy.getByRole('button', { name: '支付 ¥0.75' }).click();
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(/\?order=\d+/);
    const orderNo = new URL(page.url()).searchParams.get('order') as string;
    await expect(page.getByText('已完成，请取水')).toBeVisible({ timeout: 30_000 });

    // The consumer says it took their money: the report names the order held on this phone.
    const report = page.locator('section').filter({ has: page.getByRole('heading', { name: '问题反馈' }) });
    // Tapped as a person taps it: the label (its radio lies hidden beneath).
    await report.getByText('扣了钱没出水', { exact: true }).click();
    await expect(report.getByRole('radio', { name: '扣了钱没出水' })).toBeChecked();
    await report.getByLabel('哪一笔订单？').selectOption(orderNo);
    await report.getByLabel('发生了什么（选填）').fill('付了钱，水桶还是空的');
    await report.getByRole('button', { name: '提交' }).click();
    await expect(report.getByText(/感谢反馈，反馈单 \S+ 已发送给运营方/)).toBeVisible();
    await page.screenshot({ path: shot('consumer-took-money-zh-phone'), fullPage: true });

    const staff = await browser.newContext({ baseURL, storageState: signedInState(adminToken) });
    try {
      const consolePage = await staff.newPage();
      await consolePage.goto('/business/alarms');
      const alarms = consolePage.getByRole('region', { name: 'Alarms' });
      const row = alarms.getByRole('row', { name: new RegExp(machine.serialNo) }).first();
      await expect(row).toBeVisible();
      const listed = await (await admin.get('api/alarms', { blurry: machine.serialNo })).json();
      const alarm = listed.content.find((entry: { type: string }) => entry.type === 'CONSUMER_REPORT');
      expect(alarm).toBeTruthy();
      const reports = await (await admin.get(`api/alarms/${alarm.id}/reports`)).json();
      expect(JSON.stringify(reports)).toContain(orderNo);
      // The order's detail names the report, for the refund decision.
      await consolePage.goto('/business/orders');
      await consolePage.getByPlaceholder('Order or machine number').fill(orderNo);
      await consolePage.getByRole('button', { name: 'Search' }).click();
      await consolePage
        .getByRole('region', { name: 'Orders' })
        .getByRole('button', { name: orderNo, exact: true })
        .click();
      const drawer = consolePage.getByRole('dialog', { name: `Order ${orderNo}` });
      await expect(drawer).toContainText('took my money', { ignoreCase: true });
      await consolePage.screenshot({ path: shot('consumer-report-in-console-en') });
    } finally {
      await staff.close();
    }
  } finally {
    await machine.heart.stop();
    await context.close();
  }
});
