import type { Locator, Page } from '@playwright/test';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { sellingMachine } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { PAYMENT_NOTIFY_KEY } from './support/test-server.ts';

// Whichever project runs them, these journeys are on a phone's screen.
test.use({ signedIn: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Every page with a list, by its path. */
const LIST_PAGES = [
  '/business/agents',
  '/business/sites',
  '/business/machines',
  '/business/models',
  '/business/price-policies',
  '/business/alarms',
  '/business/orders',
  '/business/refunds',
  '/business/members',
  '/business/coupons',
  '/finance/withdrawals',
  '/finance/reconciliation',
  '/finance/cards',
  '/system/user',
  '/system/role',
  '/system/menu',
  '/system/dept',
  '/system/job',
  '/system/dict',
  '/monitor/online',
  '/monitor/logs',
  '/monitor/errorLog',
  '/monitor/sql',
  '/sys-tools/storage',
  '/sys-tools/operations',
];

/** The first screen has the row's card, and every button of it lies within the screen's width. */
async function cardOnFirstScreen(page: Page, card: Locator) {
  await expect(card).toBeInViewport();
  const buttons = await card.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    await expect(button).toBeVisible();
    expect(await fitsScreenWidth(page, button), `${await button.getAttribute('aria-label')} is off-screen`).toBe(true);
  }
}

/** The drawer of the filters a phone folds away, opened from the search bar. */
async function openFilters(page: Page, button: RegExp) {
  await page.getByRole('search', { name: '搜索条件' }).getByRole('button', { name: button }).click();
  const drawer = page.getByRole('dialog', { name: '搜索条件' });
  await expect(drawer).toBeVisible();
  expect(await fitsScreenWidth(page, drawer)).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  return drawer;
}

/** The open date picker: one month (with its time, if any), entirely on the screen. */
async function oneMonthOnScreen(page: Page) {
  const picker = page.locator('.ant-picker-dropdown').filter({ visible: true });
  const months = picker.locator('.ant-picker-date-panel').filter({ visible: true });
  await expect(months).toHaveCount(1);
  const box = await picker.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  return months;
}

const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

test.describe('lists on a phone in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('rows as cards with their actions, filters behind one button, a month that fits @phone', async ({
    page,
    admin,
    testServer,
  }) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const { serialNo, secret } = await sellingMachine(admin, suffix);
    const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
    // Water above the quality limit raises an alarm; a sale makes an order.
    await machine.heartbeat({ tdsIn: 160, tdsOut: 400, tankLevel: 70 });
    expect(await machine.sell({ channel: 'WECHAT', requestedMl: 2000 })).toMatchObject({ state: 'COMPLETED' });
    const ours = new RegExp(serialNo);

    await openConsole(page, '/business/machines', 'zh-CN');
    const machines = page.getByRole('region', { name: '设备列表' });
    await cardOnFirstScreen(page, machines.getByRole('row', { name: ours }));
    // Eight filters wait behind one button: the search bar keeps the serial number's field.
    const search = page.getByRole('search', { name: '搜索条件' });
    await expect(search.getByRole('textbox')).toHaveCount(1);
    await expect(search.getByRole('combobox')).toHaveCount(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('phone-machines-zh') });
    const machineFilters = await openFilters(page, /^筛选$/);
    await expect(machineFilters.getByRole('combobox')).toHaveCount(7);
    await page.screenshot({ path: shot('phone-machine-filters-zh') });
    await page.keyboard.press('Escape');
    await expect(machineFilters).toBeHidden();

    await page.goto('/business/orders');
    const orders = page.getByRole('region', { name: '订单列表' });
    await cardOnFirstScreen(page, orders.getByRole('row', { name: ours }));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('phone-orders-zh') });
    // The period is a filter in use from the start.
    const orderFilters = await openFilters(page, /^筛选（1）$/);
    await orderFilters.getByPlaceholder('开始日期').click();
    const month = await oneMonthOnScreen(page);
    await page.screenshot({ path: shot('phone-order-period-zh') });
    // From today to the first of next month: the one month shown steps forward.
    const today = new Date();
    const firstOfNext = new Date(today.getFullYear(), today.getMonth() + 1, 1);
    await month.locator(`td[title="${day(today)}"]`).click();
    await month.getByRole('button', { name: '下个月' }).click();
    await month.locator(`td[title="${day(firstOfNext)}"]`).click();
    await expect(orderFilters.getByPlaceholder('结束日期')).toHaveValue(day(firstOfNext));
    const answer = page.waitForResponse((response) => response.url().includes('/api/orders?'));
    await orderFilters.getByRole('button', { name: '搜索' }).click();
    expect(new URL((await answer).url()).searchParams.getAll('createTime')).toEqual([
      `${day(today)} 00:00:00`,
      `${day(firstOfNext)} 23:59:59`,
    ]);
    await expect(orderFilters).toBeHidden();
    await expect(orders.getByRole('row', { name: ours })).toBeVisible();

    await page.goto('/business/alarms');
    const alarms = page.getByRole('region', { name: '告警列表' });
    // Its machine may also be offline by now (it stopped reporting): the card of the TDS alarm.
    const alarm = alarms.getByRole('row', { name: ours }).filter({ hasText: '水质 TDS 超标' });
    await expect(alarm).toBeInViewport();
    // Alarms are handled together: the card's checkbox chooses it for the buttons above.
    await alarm.getByRole('checkbox').check();
    await expect(alarms.getByRole('button', { name: '确认（1）' })).toBeEnabled();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('phone-alarms-zh') });
    const alarmFilters = await openFilters(page, /^筛选（1）$/);
    await page.keyboard.press('Escape');
    await expect(alarmFilters).toBeHidden();

    await page.goto('/system/user');
    const users = page.getByRole('region', { name: '用户列表' });
    // Other journeys on this server add users: the administrator is found by the one field in sight.
    const userSearch = page.getByRole('search', { name: '搜索条件' }).getByRole('textbox');
    await userSearch.fill('admin');
    await userSearch.press('Enter');
    await cardOnFirstScreen(page, users.getByRole('row', { name: /admin/ }));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('phone-users-zh') });
    const userFilters = await openFilters(page, /^筛选$/);
    await userFilters.getByPlaceholder('开始日期').click();
    await oneMonthOnScreen(page);
    await page.screenshot({ path: shot('phone-user-created-zh') });

    // The machine falls silent: its offline alarm (and its notice) comes in this journey, not over a later one's page.
    await expect
      .poll(
        async () => (await (await admin.get('api/alarms', { blurry: serialNo, type: 'OFFLINE' })).json()).totalElements,
        {
          timeout: 45_000,
        },
      )
      .toBe(1);
  });
});

// In English, whose labels are the longer ones (the administrator's walk in `role-journeys.spec.ts`
// opens every page on a phone in Chinese).
for (const language of ['en'] as const) {
  test.describe(`every list on a phone (${language})`, () => {
    test.use({ locale: language });

    test('shows cards and never scrolls sideways, with its filters open too', async ({ page, admin }) => {
      // Every list page in turn: about 160 s on the busy CI machine.
      test.setTimeout(300_000);
      // A logged request with one of the longest paths, whose card on the logs page must wrap it.
      const name = `Long path ${uniqueSuffix()}`;
      const made = await admin.post('api/coupons/templates', {
        name,
        type: 'AMOUNT_OFF',
        value: 30,
        minSpend: 0,
        scope: 'ALL',
        issueType: 'PUSH',
        total: 0,
        perMember: 1,
        validType: 'DAYS',
        validDays: 30,
        fundedBy: 'PLATFORM',
      });
      expect(made.status(), await made.text()).toBe(201);
      const [template] = (await (await admin.get('api/coupons/templates', { blurry: name })).json()).content;
      expect((await admin.put(`api/coupons/templates/${template.id}/status`, { status: 'ACTIVE' })).status()).toBe(204);
      await openConsole(page, '/dashboard', language);
      for (const path of LIST_PAGES) {
        await test.step(path, async () => {
          await page.goto(path);
          // The list's region, its rows as cards (a list may be empty on a fresh database).
          const list = page
            .getByRole('main')
            .getByRole('region')
            .filter({ has: page.getByRole('table') });
          await expect(list.first()).toBeVisible({ timeout: 20_000 });
          await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
          await expect(list.first().locator('.ant-table')).toHaveCount(0);
          expect(await sidewaysOverflow(page), `${path} is wider than the phone`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: shot(`cards${path.replaceAll('/', '-')}-${language}`) });
          const filters = page.getByRole('button', { name: language === 'en' ? /^Filters/ : /^筛选/ });
          if ((await filters.count()) === 0) return;
          await filters.first().click();
          const drawer = page.getByRole('dialog', { name: language === 'en' ? 'Search filters' : '搜索条件' });
          await expect(drawer).toBeVisible();
          expect(await sidewaysOverflow(page), `${path}'s filters are wider than the phone`).toBeLessThanOrEqual(0);
          await page.keyboard.press('Escape');
          await expect(drawer).toBeHidden();
        });
      }
    });
  });
}

test("date ranges in forms show one month inside a phone's screen", async ({ page }) => {
  await openConsole(page, '/business/agents', 'en');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const agent = page.getByRole('dialog', { name: 'Add agent' });
  await agent.getByPlaceholder('Start', { exact: true }).click();
  await oneMonthOnScreen(page);
  await page.keyboard.press('Escape');
  await agent.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/business/coupons');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const coupon = page.getByRole('dialog', { name: 'Add coupon' });
  await coupon.getByText('Between two dates').click();
  await coupon.getByPlaceholder('Start date').click();
  // With its hours and minutes under the days.
  await expect(page.locator('.ant-picker-dropdown .ant-picker-time-panel').filter({ visible: true })).toHaveCount(1);
  await oneMonthOnScreen(page);
  await page.screenshot({ path: shot('phone-coupon-validity-en') });
});
