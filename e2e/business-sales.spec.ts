import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { sellingMachine, staffOf, waterCard } from './support/business.ts';
import { beating } from './support/field.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';
import { PAYMENT_NOTIFY_KEY } from './support/test-server.ts';

// The sale's journey watches the alarm notice its silent machine raises.
test.use({ signedIn: true, alarmNotices: 'keep' });

test('business: a simulated machine sells; its agent’s manager sees the sale and the automatic refund, another agent does not; a coupon is used and given back on refund; a silent machine raises an alarm in the open console', async ({
  admin,
  browser,
  testServer,
}) => {
  // Two sales, two staff contexts, a refund, a coupon and a machine left to fall silent: about two minutes on a busy machine.
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const { serialNo, secret, mine, other } = await sellingMachine(admin, suffix);
  const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
  const beat = await machine.heartbeat({ tdsIn: 160, tdsOut: 9, tankLevel: 70 });
  expect(beat.prices).toMatchObject({ WECHAT: 50, CARD: 40 });
  // It stays online (the home page counts it) until the journey lets it fall silent.
  const heart = beating(machine, { tdsIn: 160, tdsOut: 9, tankLevel: 70 });
  const sold = await machine.sell({ channel: 'WECHAT', requestedMl: 5000 });
  expect(sold).toMatchObject({ state: 'COMPLETED', paid: 250 });
  const card = await waterCard(admin, mine.id, 10_000);
  const failed = await machine.sell({ channel: 'CARD', requestedMl: 2000, outcome: 'FAILED', card });
  expect(failed).toMatchObject({ state: 'REFUNDED', paid: 80, refunded: 80 });

  const ours = await staffOf(admin, browser, testServer.baseURL, mine.deptId, `mgr_a_${suffix}`);
  const theirs = await staffOf(admin, browser, testServer.baseURL, other.deptId, `mgr_b_${suffix}`);
  try {
    const page = ours.page;
    await page.goto('/business/orders');
    const table = page.getByRole('region', { name: 'Orders' });
    // A new browser context starts the console afresh: its first page may take a while on a busy machine.
    await expect(table.getByRole('row', { name: new RegExp(sold.orderNo) })).toContainText('WeChat Pay', {
      timeout: 30_000,
    });
    await expect(table.getByRole('row', { name: new RegExp(sold.orderNo) })).toContainText('Completed');
    const refundedRow = table.getByRole('row', { name: new RegExp(failed.orderNo) });
    await expect(refundedRow).toContainText('Refunded');
    await expect(refundedRow).toContainText('CN¥0.80');
    await page.screenshot({ path: shot('orders-en') });
    await refundedRow.getByRole('button', { name: failed.orderNo, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Order ${failed.orderNo}` });
    await expect(drawer).toContainText('Refund CN¥0.80: Dispense failed');
    await expect(drawer).toContainText('Paid CN¥0.80');
    await page.screenshot({ path: shot('order-detail-en') });
    await drawer.getByRole('button', { name: 'Close' }).click();

    // The home page counts the sale (the refunded one nets nothing) for this agent's manager only.
    await page.goto('/dashboard');
    const business = page.getByRole('region', { name: 'Business' });
    await expect(business).toContainText('Net revenue today');
    await expect(business.locator('.ant-statistic').first()).toContainText('CN¥2.50');
    await expect(business).toContainText('1 / 1');
    // The site's long name ends in an ellipsis before its amount, never running into it.
    const bestSites = business.getByRole('region', { name: 'Sites', exact: true });
    const name = bestSites.locator('.ant-typography').filter({ hasText: /Harbour View Residences/ });
    const amount = bestSites.getByText('CN¥2.50', { exact: true });
    const [nameBox, amountBox] = [await name.boundingBox(), await amount.boundingBox()];
    expect(nameBox && amountBox && nameBox.x + nameBox.width + 8 <= amountBox.x).toBe(true);
    await page.screenshot({ path: shot('business-home-en') });
    await theirs.page.goto('/dashboard');
    await expect(theirs.page.getByRole('region', { name: 'Business' }).locator('.ant-statistic').first()).toContainText(
      'CN¥0.00',
    );
    // The machine's details: what it reports, its prices, today's sales.
    await page.goto('/business/machines');
    await page
      .getByRole('region', { name: 'Machines' })
      .getByRole('button', { name: `Details ${serialNo}` })
      .click();
    const details = page.getByRole('dialog').filter({ hasText: `Machine ${serialNo}` });
    await expect(details).toContainText('160 / 9 ppm');
    await expect(details).toContainText('CN¥2.50 net, 2 orders, 5.0 L');
    await page.screenshot({ path: shot('machine-details-en') });

    // The agent's coupon, pushed to a member twice: one is used on a sale whose water never came
    // and comes back with the refund; the other is used on a sale that completes.
    const phone = `1391${suffix.replace(/\D/g, '').padStart(7, '0').slice(-7)}`;
    const coupon = `Harbour welcome ${suffix}`;
    const made = await admin.post('api/coupons/templates', {
      name: coupon,
      type: 'AMOUNT_OFF',
      value: 30,
      minSpend: 0,
      scope: 'ALL',
      issueType: 'PUSH',
      total: 0,
      perMember: 2,
      validType: 'DAYS',
      validDays: 30,
      fundedBy: 'AGENT',
      agentId: mine.id,
    });
    expect(made.status(), await made.text()).toBe(201);
    const [template] = (await (await admin.get('api/coupons/templates', { blurry: coupon })).json()).content;
    expect((await admin.put(`api/coupons/templates/${template.id}/status`, { status: 'ACTIVE' })).status()).toBe(204);
    for (let push = 0; push < 2; push++) {
      const pushed = await admin.post(`api/coupons/templates/${template.id}/push`, { phones: [phone] });
      expect(await pushed.json()).toEqual({ issued: 1, refused: [] });
    }
    const [first, second] = (await machine.coupons(phone)).coupons;
    expect(first && second).toBeTruthy();
    const lost = await machine.sell({
      channel: 'CARD',
      card,
      requestedMl: 2000,
      outcome: 'FAILED',
      memberPhone: phone,
      couponCode: first?.code,
    });
    expect(lost).toMatchObject({ couponAmount: 30, paid: 50, state: 'REFUNDED', refunded: 50 });
    const kept = await machine.sell({
      channel: 'WECHAT',
      requestedMl: 2000,
      memberPhone: phone,
      couponCode: second?.code,
    });
    expect(kept).toMatchObject({ couponAmount: 30, paid: 70, state: 'COMPLETED' });

    await page.goto('/business/coupons');
    const templates = page.getByRole('region', { name: 'Coupon templates' });
    const templateRow = templates.getByRole('row', { name: new RegExp(coupon) });
    await expect(templateRow).toContainText('CN¥0.30 off');
    await expect(templateRow).toContainText('Active');
    // Two issued, one used (the one given back is unused again): half redeemed, 0.30 taken off.
    const figures = page.getByRole('group', { name: 'Redemption' });
    await expect(figures).toContainText('50 %');
    await expect(figures).toContainText('Discount costCN¥0.30');
    await page.screenshot({ path: shot('coupons-en') });
    await page.getByRole('tab', { name: 'Issued coupons' }).click();
    await page.getByPlaceholder('Coupon code or whole phone').fill(phone);
    await page.getByRole('button', { name: 'Search' }).click();
    const issued = page.getByRole('region', { name: 'Issued coupons' });
    await expect(issued.getByRole('row', { name: new RegExp(second?.code ?? '-') })).toContainText('Used');
    await expect(issued.getByRole('row', { name: new RegExp(second?.code ?? '-') })).toContainText(kept.orderNo);
    await expect(issued.getByRole('row', { name: new RegExp(first?.code ?? '-') })).toContainText('Unused');
    await page.screenshot({ path: shot('coupons-issued-en') });
    await page.goto('/business/members');
    const members = page.getByRole('region', { name: 'Members' });
    await expect(
      members.getByRole('row', { name: new RegExp(`${phone.slice(0, 3)}\\*{4}${phone.slice(-4)}`) }),
    ).toContainText('CN¥0.70');
    await page.screenshot({ path: shot('members-en') });
    await theirs.page.goto('/business/coupons');
    await expect(
      theirs.page.getByRole('region', { name: 'Coupon templates' }).locator('.ant-spin-spinning'),
    ).toHaveCount(0);
    await expect(theirs.page.getByRole('region', { name: 'Coupon templates' })).not.toContainText(coupon);
    // The machine says it is alive once more, then falls silent with the console open.
    await heart.stop();
    await machine.heartbeat({ tdsIn: 160, tdsOut: 9, tankLevel: 70 });
    await page.goto('/business/orders');

    // Another agent's manager finds neither sale.
    await theirs.page.goto('/business/orders');
    const elsewhere = theirs.page.getByRole('region', { name: 'Orders' });
    await theirs.page.getByPlaceholder('Order or machine number').fill(sold.orderNo);
    await theirs.page.getByRole('button', { name: 'Search' }).click();
    await expect(elsewhere.getByText('Nothing matches the search')).toBeVisible();
    await expect(elsewhere).not.toContainText(sold.orderNo);

    // The machine falls silent: the open console is told, and the alarm centre lists it.
    const alarm = page.getByRole('alert').filter({ hasText: 'New alarm' });
    await expect(alarm).toContainText(`Offline · ${serialNo}`, { timeout: 60_000 });
    await page.screenshot({ path: shot('alarm-push-en') });
    await page.goto('/business/alarms');
    const alarms = page.getByRole('region', { name: 'Alarms' });
    await expect(alarms.getByRole('row', { name: new RegExp(serialNo) })).toContainText('Offline');
    await page.screenshot({ path: shot('alarms-en') });
    // The machine's details list it too.
    await page.goto('/business/machines');
    await page
      .getByRole('region', { name: 'Machines' })
      .getByRole('button', { name: `Details ${serialNo}` })
      .click();
    const silent = page.getByRole('dialog').filter({ hasText: `Machine ${serialNo}` });
    await expect(silent).toContainText('Latest alarms');
    await expect(silent).toContainText('Open');
    await expect(silent).toContainText('Offline ·');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  } finally {
    await heart.stop();
    await ours.context.close();
    await theirs.context.close();
  }
});

test('business pages in Chinese: orders, refunds, alarms, price policies, members and coupons, on any screen @phone', async ({
  page,
  admin,
}) => {
  // Six business pages in turn, each with its forms: longer than one page's journey.
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const created = await admin.post('api/price-policies', {
    name: `全国统一价 ${suffix}`,
    scope: 'ALL',
    priceWechat: 50,
    priceAlipay: 50,
    priceCard: 45,
    priceCoin: 50,
    memberPrice: 40,
    discountPct: '5',
    effectiveFrom: '2099-01-01 00:00:00',
  });
  expect(created.status(), await created.text()).toBe(201);
  const coupon = await admin.post('api/coupons/templates', {
    name: `新客立减 ${suffix}`,
    type: 'PERCENT_OFF',
    value: 20,
    minSpend: 100,
    maxDiscount: 200,
    scope: 'ALL',
    issueType: 'CODE',
    claimCode: `NEW${suffix.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 32),
    total: 1000,
    perMember: 1,
    validType: 'DAYS',
    validDays: 30,
    fundedBy: 'PLATFORM',
  });
  expect(coupon.status(), await coupon.text()).toBe(201);
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('water-console-language', 'zh-CN'));
  for (const [path, label, name] of [
    ['/business/orders', '订单列表', 'orders'],
    ['/business/refunds', '退款列表', 'refunds'],
    ['/business/alarms', '告警列表', 'alarms'],
    ['/business/price-policies', '价格策略列表', 'policies'],
    ['/business/members', '会员列表', 'members'],
    ['/business/coupons', '优惠券模板列表', 'coupons'],
  ] as const) {
    await page.goto(path);
    const table = page.getByRole('region', { name: label });
    await expect(table).toBeVisible();
    await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
    if (name === 'policies')
      await expect(table.getByRole('row', { name: new RegExp(`全国统一价 ${suffix}`) })).toContainText('全部设备');
    if (name === 'coupons')
      await expect(table.getByRole('row', { name: new RegExp(`新客立减 ${suffix}`) })).toContainText(
        '减 20%，最多 ¥2.00',
      );
    await page.screenshot({ path: shot(`${name}-zh`) });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  }
  // An export of the orders made in the background, downloaded from the top bar's jobs drawer.
  const exported = await admin.post('api/orders/exports', {
    createTime: ['2026-01-01 00:00:00', '2026-03-31 23:59:59'],
  });
  expect(exported.status(), await exported.text()).toBe(202);
  await page.goto('/business/orders');
  await page.getByRole('button', { name: '后台任务' }).click();
  const jobs = page.getByRole('dialog', { name: '后台任务' });
  await expect(jobs.getByText('已完成', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: shot('exports-zh') });
  const download = page.waitForEvent('download');
  await jobs
    .getByRole('button', { name: /^下载: 订单导出/ })
    .first()
    .click();
  expect((await download).suggestedFilename()).toMatch(/-orders\.xlsx$/);
  await page.keyboard.press('Escape');

  await page.goto('/business/price-policies');
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增价格策略' });
  await expect(dialog).toContainText('设备优先使用自己的策略');
  await page.screenshot({ path: shot('policy-form-zh') });
  await dialog.getByRole('button', { name: '取消' }).click();
  await page.goto('/business/coupons');
  await page.getByRole('button', { name: '新增' }).click();
  const couponDialog = page.getByRole('dialog', { name: '新增优惠券' });
  await expect(couponDialog).toContainText('优惠券只能在草稿状态下修改');
  await page.screenshot({ path: shot('coupon-form-zh') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await couponDialog.getByRole('button', { name: '取消' }).click();
  const [draft] = (await (await admin.get('api/coupons/templates', { blurry: `新客立减 ${suffix}` })).json()).content;
  expect((await admin.delete('api/coupons/templates', [draft.id])).status()).toBe(200);
  await admin.delete('api/price-policies', [
    (await (await admin.get('api/price-policies', { blurry: `全国统一价 ${suffix}` })).json()).content[0].id,
  ]);
});
